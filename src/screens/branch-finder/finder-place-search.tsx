import { usePlaceQuery, usePlaceSuggestions, useSuggesting, type BranchFinderRef } from '#src/screens/branch-modal/use-branch-finder.ts';
import { PlaceSearch } from './place-search.tsx';

/** The place search over the branch finder actor: what the shopper types, its suggestions, the choice. */
export function FinderPlaceSearch({ finder, focusOnMount }: { finder: BranchFinderRef; focusOnMount?: boolean }) {
  const query = usePlaceQuery(finder);
  const places = usePlaceSuggestions(finder);
  const suggesting = useSuggesting(finder);
  return (
    <PlaceSearch
      query={query}
      onQueryChange={(text) => finder.send({ type: 'place.typed', text })}
      places={places}
      searching={suggesting}
      onSelect={(place) => finder.send({ type: 'place.selected', place })}
      onSubmit={() => finder.send({ type: 'place.submitted' })}
      focusOnMount={focusOnMount}
    />
  );
}
