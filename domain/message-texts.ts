/**
 * Every user-facing text of the shop, in one place, with {placeholders}: one export each, read as
 * `messages.<name>` (domain/messages.ts). Kept in three modules, so that the first page carries the
 * texts its first paint can show, the parts of it that load later bring theirs, and the pages
 * loaded on demand bring the rest (texts/first-page.ts says which).
 *
 * Texts quoted by the specification are verbatim. Where the specification gives only the gist
 * (AML modal, velocity modal, delivery caveats, guarantee promises, a few labels) the wording here
 * is ours, kept consistent with that gist.
 */

export * from './texts/first-page.ts';
export * from './texts/later-on-first-page.ts';
export * from './texts/pages.ts';
export * from './texts/note-mix.ts';
export * from './texts/pay-at-branch.ts';
