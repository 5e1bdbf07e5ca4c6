/** The notes you want over the note-mix actor the checkout runs on its review step (issue 45). */
import { useSelector } from '@xstate/react';
import { messages } from '#domain/messages.ts';
import type { NoteMixActorRef } from '#machines/note-mix/note-mix.machine.ts';
import { selectNoteAnnouncement, selectNoteEditor, selectNoteMixStatus, selectNoteRows, type NoteRow } from '#machines/note-mix/note-mix.selectors.ts';
import { NoteMixView } from './note-mix-view.tsx';

export interface NoteMixPanelProps {
  noteMix: NoteMixActorRef;
  /** The cart's lines (id and currency name), drawn as mixed notes until the choices arrive. */
  cartLines: readonly { id: string; name: string }[];
}

export function NoteMixPanel({ noteMix, cartLines }: NoteMixPanelProps) {
  const status = useSelector(noteMix, selectNoteMixStatus);
  const rows = useSelector(noteMix, selectNoteRows);
  const editor = useSelector(noteMix, selectNoteEditor);
  const announcement = useSelector(noteMix, selectNoteAnnouncement);
  const shown: NoteRow[] =
    status === 'ready' ? rows : cartLines.map((l) => ({ lineId: l.id, name: l.name, choice: messages.notesMixed, choosable: true, open: false }));
  return (
    <NoteMixView
      status={status}
      rows={shown}
      editor={editor}
      announcement={announcement}
      onOpen={(lineId) => noteMix.send({ type: 'notes.editOpened', lineId })}
      onKind={(kind) => noteMix.send({ type: 'notes.kindChosen', kind })}
      onCount={(value, count) => noteMix.send({ type: 'notes.countChanged', value, count })}
      onSave={() => noteMix.send({ type: 'notes.saveRequested' })}
      onCancel={() => noteMix.send({ type: 'notes.cancelled' })}
      onRetry={() => noteMix.send({ type: 'notes.retried' })}
    />
  );
}
