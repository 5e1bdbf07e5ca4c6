/**
 * The notes you want on the review (issue 45 part 3): one row per line saying which notes it will
 * have, each with a button that opens its choice below it: mixed, smaller or larger notes, or (euros
 * and US dollars) how many of each note, with a running total against the amount. Only what the
 * branch or warehouse holds can be chosen. While the choices load, the rows are drawn as they will
 * be (mixed notes, the buttons unavailable), so nothing below them moves when they arrive.
 */
import { useId, useRef } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';
import type { NoteKind } from '#domain/note-mix.ts';
import type { NoteEditor, NoteMixStatus, NoteRow } from '#machines/note-mix/note-mix.selectors.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { useFocusWhenGone } from '#src/ui/focus-kept.ts';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import styles from './note-mix.module.css';

const HINTS: Readonly<Record<NoteKind, string>> = {
  mixed: messages.notesMixedHint,
  smaller: messages.notesSmallerHint,
  larger: messages.notesLargerHint,
  exact: messages.notesExactHint,
};

export interface NoteMixViewProps {
  status: NoteMixStatus;
  rows: readonly NoteRow[];
  editor: NoteEditor | null;
  /** Said once in the live region: 'Your notes for Euros are saved: Smaller notes.' */
  announcement: string;
  onOpen: (lineId: string) => void;
  onKind: (kind: NoteKind) => void;
  onCount: (value: number, count: number) => void;
  onSave: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

export function NoteMixView(props: NoteMixViewProps) {
  const titleId = useId();
  const { status, rows } = props;
  return (
    <section className={styles.notes} aria-labelledby={titleId} data-testid="note-mix">
      <h2 id={titleId} className={styles.title}>
        {messages.notesLabel}
      </h2>
      {status === 'failed' ? (
        <div className={styles.failed}>
          <Notice tone="warning">{messages.notesLoadFailed}</Notice>
          <Button variant="secondary" onClick={props.onRetry}>
            {messages.notesRetry}
          </Button>
        </div>
      ) : null}
      <ul className={styles.rows} aria-busy={status === 'loading' || undefined}>
        {rows.map((row) => (
          <NoteRowItem key={row.lineId} {...props} row={row} />
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="notes-announcer">
        {props.announcement}
      </p>
    </section>
  );
}

/** A line's notes; when its choice closes (saved or cancelled), focus goes back to the button that opened it. */
function NoteRowItem(props: NoteMixViewProps & { row: NoteRow }) {
  const { row, status, editor } = props;
  const opener = useRef<HTMLButtonElement>(null);
  useFocusWhenGone(!row.open, opener);
  return (
    <li className={styles.row}>
      <div className={styles.summary}>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.choice} data-testid={`notes-choice-${row.lineId}`}>
          {row.choice}
        </span>
        {row.choosable || status !== 'ready' ? (
          <Button
            ref={opener}
            variant="link"
            className={styles.open}
            onClick={() => props.onOpen(row.lineId)}
            disabled={status !== 'ready'}
            aria-expanded={row.open}
            aria-controls={row.open ? `notes-editor-${row.lineId}` : undefined}
          >
            {formatMessage(messages.notesChange, { name: row.name })}
          </Button>
        ) : null}
      </div>
      {row.open && editor !== null ? <Editor {...props} editor={editor} /> : null}
    </li>
  );
}

function Editor({ editor, onKind, onCount, onSave, onCancel }: NoteMixViewProps & { editor: NoteEditor }) {
  const totalId = useId();
  return (
    <div id={`notes-editor-${editor.lineId}`} className={styles.editor} data-testid="notes-editor">
      <RadioGroup label={messages.notesLegend} value={editor.kind} onChange={(value) => onKind(value as NoteKind)} isBusy={editor.saving}>
        {editor.kinds.map((option) => (
          <Radio key={option.kind} value={option.kind} isDisabled={!option.offered} description={HINTS[option.kind]}>
            {option.label}
          </Radio>
        ))}
      </RadioGroup>
      {editor.kind === 'exact' ? (
        <div className={styles.counts}>
          {editor.notes.map((note) => {
            const id = `notes-${editor.lineId}-${note.value}`;
            return (
              <div key={note.value} className={styles.count}>
                <label htmlFor={id} className={styles.countLabel}>
                  {formatMessage(messages.notesCountLabel, { symbol: editor.symbol, value: note.value })}
                </label>
                <input
                  id={id}
                  className={styles.countInput}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={note.available}
                  step={1}
                  value={note.count}
                  aria-describedby={`${id}-available ${totalId}`}
                  readOnly={editor.saving}
                  onChange={(event) => {
                    const count = event.currentTarget.valueAsNumber;
                    onCount(note.value, Number.isFinite(count) ? count : 0);
                  }}
                />
                <span id={`${id}-available`} className={styles.available}>
                  {formatMessage(messages.notesAvailable, { count: note.available })}
                </span>
              </div>
            );
          })}
          <p id={totalId} className={styles.total} aria-live="polite" data-testid="notes-chosen">
            {editor.chosen}
          </p>
        </div>
      ) : null}
      {editor.problem ? (
        <Notice tone="error" className={styles.problem}>
          {editor.problem}
        </Notice>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onSave} loading={editor.saving} loadingLabel={messages.notesSaving}>
          {messages.notesSave}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={editor.saving}>
          {messages.notesCancel}
        </Button>
      </div>
    </div>
  );
}
