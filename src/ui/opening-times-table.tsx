/** A branch's opening times, a row a day ('Monday' | '09:00 - 18:00'), named by a heading or a caption. */
export interface OpeningTimesRow {
  label: string;
  hours: string;
  /** Today's row is marked (aria-current="date") and takes `todayClassName`. */
  today?: boolean;
}

export interface OpeningTimesTableProps {
  rows: readonly OpeningTimesRow[];
  /** The id of the heading that names the table; otherwise `caption` names it for screen readers. */
  labelledBy?: string;
  caption?: string;
  className?: string;
  todayClassName?: string;
}

export function OpeningTimesTable({ rows, labelledBy, caption, className, todayClassName }: OpeningTimesTableProps) {
  return (
    <table className={className} aria-labelledby={labelledBy}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={row.today ? todayClassName : undefined} aria-current={row.today ? 'date' : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
