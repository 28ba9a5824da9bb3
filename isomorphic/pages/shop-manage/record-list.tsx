// The shop manager's lists of records (partners, machines, certificates): a list with edit and remove on
// each record, an add button up to the limit, a form in place of the add button while editing, and a
// confirmation before removing. The page says how a record reads, how its form looks and how it goes.
import { Fragment, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { fill, useWords } from '../../components/use-words';
import { Modal } from '../../components/modal';
import { ShopManageFrame } from './shop-nav';
import { shopManageWords } from './shop-manage.words';

export interface RecordListProps<T extends { id: number }> {
  title: string;
  addLabel: string;
  emptyLabel: string;
  records: readonly T[];
  /** at most this many records: the add button goes at the limit */
  max: number;
  /** names the data attribute carrying a record's id (`data-<name>-id`) */
  kind: string;
  /** shown above the list */
  intro?: ReactNode;
  /** the record's text (inside `record__main`) */
  describe(record: T): ReactNode;
  /** how the removal confirmation names the record */
  nameOf(record: T): string;
  /** the form for a record (null: a new one); `done(true)` after a save reloads the list */
  form(record: T | null, done: (saved: boolean) => Promise<void>): ReactNode;
  /** removes the record at the api; true when it went */
  remove(record: T): Promise<boolean>;
}

export function RecordList<T extends { id: number }>(p: RecordListProps<T>) {
  const w = useWords(shopManageWords);
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmRemove() {
    if (!removing) return;
    setBusy(true);
    const gone = await p.remove(removing);
    setBusy(false);
    if (gone) await revalidator.revalidate();
    setRemoving(null);
  }
  const done = async (saved: boolean) => { if (saved) await revalidator.revalidate(); setEditing(null); };

  return (
    <ShopManageFrame title={p.title} actions={!editing && p.records.length < p.max ? <button type="button" className="button button--primary" onClick={() => setEditing('new')}>{p.addLabel}</button> : null}>
      {p.intro}
      {editing ? <Fragment key={editing === 'new' ? 'new' : editing.id}>{p.form(editing === 'new' ? null : editing, done)}</Fragment> : null}
      {p.records.length === 0 ? <p className="empty">{p.emptyLabel}</p> : (
        <ul className="record-list">
          {p.records.map((r) => (
            <li key={r.id} className="record" {...{ [`data-${p.kind}-id`]: r.id }}>
              <div className="record__main">{p.describe(r)}</div>
              <div className="record__actions">
                <button type="button" className="link-button" onClick={() => setEditing(r)}>{w.edit}</button>
                <button type="button" className="link-button link-button--danger" onClick={() => setRemoving(r)}>{w.remove}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal open={removing !== null} title={w.removeTitle} onClose={() => setRemoving(null)} footer={(
        <>
          <button type="button" className="button" onClick={() => setRemoving(null)}>{w.cancel}</button>
          <button type="button" className="button button--danger" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirmRemove()}>{w.remove}</button>
        </>
      )}>
        <p>{fill(w.confirmRemove, { name: removing ? p.nameOf(removing) : '' })}</p>
      </Modal>
    </ShopManageFrame>
  );
}
