// The enquiry form behind "Ask the seller": the question (checked as the api checks it), a progress state
// while sending, the api's refusal under the field (and as a toast), and after sending a link to the thread.
import { useState, type FormEvent } from 'react';
import { useStableId } from '../../components/use-stable-id';
import { Link } from '../../components/link';
import type { EnquiryThread } from '../../contracts/enquiry';
import { EnquiryLimits, isEnquiryText } from '../../domain/enquiry';
import { EnquiryCodes } from '../../domain/enquiry-codes';
import { enquiryCodeMessages } from '../../domain/enquiry-messages';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { SubmitButton } from '../../components/form-field';
import { fill, useWords } from '../../components/use-words';
import { askWords } from './ask.words';

export default function AskForm({ kind, targetId, title, onClose }: { kind: number; targetId: number; title: string; onClose(): void }) {
  const w = useWords(askWords);
  const lang = useLang();
  const run = useApiAction();
  const id = useStableId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<number | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isEnquiryText(text)) { setError(enquiryCodeMessages[EnquiryCodes.ENQUIRY_TEXT][lang]); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => api.post<EnquiryThread>('/enquiry/askPurchase', { kind, targetId, text }));
    setBusy(false);
    if (envelope?.code === 0) setSent(envelope.data.enquiry.id);
    else if (envelope) setError(envelope.message);
  }

  if (sent !== null) {
    return (
      <div className="ask-seller ask-seller--sent" role="status" data-enquiry={sent}>
        <p>{w.sent}</p>
        <p><Link className="button button--small" to={`/home/person/enquiry?box=sent&id=${sent}`}>{w.view}</Link></p>
      </div>
    );
  }
  return (
    <form className="ask-seller" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={title}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>{w.questionLabel}</label>
        <textarea id={id} name="question" className="field__input field__textarea" value={text} maxLength={EnquiryLimits.textMax} placeholder={w.placeholder}
          onChange={(e) => { setText(e.target.value); setError(''); }} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : `${id}-hint`} autoFocus />
        {error ? <p className="field__error" id={`${id}-error`}>{error}</p> : <p className="field__hint" id={`${id}-hint`}>{fill(w.chars, { n: [...text].length, max: EnquiryLimits.textMax })}</p>}
      </div>
      <p className="ask-seller__actions">
        <SubmitButton busy={busy} busyLabel={w.sending}>{w.send}</SubmitButton>
        <button type="button" className="link-button" onClick={onClose} disabled={busy}>{w.cancel}</button>
      </p>
    </form>
  );
}
