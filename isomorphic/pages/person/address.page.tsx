// /home/person/address: my delivery addresses (at most 8, SPEC §5/§9), default first. Add and edit in a
// form with the region picker (address-form.tsx), delete after a confirm dialog, make one the default.
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { Consignee } from '../../contracts/account';
import type { Area } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { AccountLimits } from '../../domain/account';
import { Codes } from '../../domain/codes';
import { messageFor } from '../../domain/code-messages';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { useApiAction } from '../../components/use-api-action';
import { Modal } from '../../components/modal';
import { AddressForm } from './address-form';
import { PersonTitle } from './person-title';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [addresses, provinces] = await Promise.all([
    api.get<Consignee[]>('/consignee/listConsignee', undefined, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  return { addresses: unwrap(addresses), provinces: unwrap(provinces) };
}

type Editing = { mode: 'add' } | { mode: 'edit'; address: Consignee } | null;

export function Component() {
  const { addresses, provinces } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Consignee | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const max = AccountLimits.maxAddresses;
  const full = addresses.length >= max;

  async function setDefault(address: Consignee) {
    setBusyId(address.id);
    const envelope = await run((api) => api.post(`/consignee/setDefault/${address.id}`));
    if (envelope?.code === 0) await revalidator.revalidate();
    setBusyId(null);
  }

  async function remove() {
    if (!deleting) return;
    const id = deleting.id;
    setBusyId(id);
    const envelope = await run((api) => api.post('/consignee/deleteConsignee', { id }));
    if (envelope?.code === 0) {
      await revalidator.revalidate();
      if (editing?.mode === 'edit' && editing.address.id === id) setEditing(null);
    }
    setBusyId(null);
    setDeleting(null);
  }

  return (
    <section className="panel" aria-label={t('person.addressTitle')}>
      <div className="panel__head">
        <PersonTitle title={t('person.addressTitle')} />
        <p className="panel__count">{t('person.addressCount', { count: addresses.length, max })}</p>
        {!editing ? (
          <button type="button" className="button button--primary" disabled={full} aria-describedby={full ? 'address-limit' : undefined} onClick={() => setEditing({ mode: 'add' })}>
            {t('person.addAddress')}
          </button>
        ) : null}
      </div>
      {full ? <p className="notice" id="address-limit">{messageFor(Codes.ADDRESS_LIMIT, lang)}</p> : null}
      {editing ? (
        <AddressForm
          key={editing.mode === 'edit' ? editing.address.id : 'new'}
          address={editing.mode === 'edit' ? editing.address : null}
          provinces={provinces}
          run={run}
          onDone={async (saved) => {
            if (saved) await revalidator.revalidate();
            setEditing(null);
          }}
        />
      ) : null}
      {addresses.length === 0 ? (
        <p className="empty">{t('person.noAddress')}</p>
      ) : (
        <ul className="addresses">
          {addresses.map((a) => (
            <li key={a.id} className={`address${a.isDefault ? ' address--default' : ''}`} data-address-id={a.id}>
              <div className="address__main">
                <p className="address__who">
                  <span className="address__name">{a.consignee}</span>
                  <span className="address__phone">{a.phone}</span>
                  {a.isDefault ? <span className="badge">{t('person.isDefault')}</span> : null}
                </p>
                <p className="address__where">{a.region} {a.detail}</p>
              </div>
              <div className="address__actions" role="group" aria-label={t('person.addressActions', { name: a.consignee })}>
                {!a.isDefault ? (
                  <button type="button" className="link-button" disabled={busyId === a.id} onClick={() => void setDefault(a)}>{t('person.setDefault')}</button>
                ) : null}
                <button type="button" className="link-button" onClick={() => setEditing({ mode: 'edit', address: a })}>{t('form.edit')}</button>
                <button type="button" className="link-button link-button--danger" onClick={() => setDeleting(a)}>{t('person.delete')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={deleting !== null}
        title={t('person.deleteTitle')}
        onClose={() => setDeleting(null)}
        footer={(
          <>
            <button type="button" className="button" onClick={() => setDeleting(null)}>{t('form.cancel')}</button>
            <button type="button" className="button button--danger" disabled={busyId !== null} aria-busy={busyId !== null || undefined} onClick={() => void remove()}>
              {t('person.delete')}
            </button>
          </>
        )}
      >
        <p>{t('person.deleteConfirm', { name: deleting?.consignee ?? '' })}</p>
      </Modal>
    </section>
  );
}
