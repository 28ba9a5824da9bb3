// What the two custom-request pages (/flower/custom, /home/clothes/custom) share: the page around the form
// (title, the sign-in hint for a guest, the buyer's own requests, a link to the other kind) and the
// submission (the form's own checks first, then the call through useApiAction, then a clean form).
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { CustomRequest } from '../../contracts/catalogue';
import { Codes } from '../../domain/codes';
import { messageFor } from '../../domain/code-messages';
import type { CustomKind } from '../../domain/custom-request';
import { loginPath } from '../../data-strategy';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { focusFirstInvalid } from '../../components/form-field';
import type { UploadedImage } from '../../components/upload/image-upload';
import { SeoHead } from '../../components/seo-head';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { customWords } from './custom.words';
import type { Errors } from './custom-fields';
import { MyRequests, loadMyRequests } from './my-requests';

export function customLoader(kind: CustomKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { api, stores, publicUrl } = loaderDeps(context);
    const requests = await loadMyRequests(api, kind, stores.auth.isAuthenticated, request.signal);
    return { requests, publicUrl };
  };
}

export interface CustomShellProps {
  title: string;
  intro: string;
  path: string;
  other: { to: string; label: string };
  loaded: Awaited<ReturnType<ReturnType<typeof customLoader>>>;
  form: ReactNode;
}

export const CustomShell = observer(function CustomShell({ title, intro, path, other, loaded, form }: CustomShellProps) {
  const { auth } = useStores();
  const w = useWords(customWords);
  const location = useLocation();
  return (
    <>
      <SeoHead title={title} description={intro} publicUrl={loaded.publicUrl} path={path} />
      <div className="custom">
        <header className="hero">
          <h1 className="hero__title">{title}</h1>
          <p className="hero__subtitle">{intro}</p>
        </header>
        {auth.isAuthenticated ? form : (
          <p className="custom__login">{w.loginHint} <Link className="button button--primary" to={loginPath(location)}>{w.loginToSubmit}</Link></p>
        )}
        {loaded.requests ? <MyRequests requests={loaded.requests as CustomRequest[]} /> : null}
        <p className="custom__other"><Link to={other.to}>{other.label}</Link></p>
      </div>
    </>
  );
});

/**
 * The state and submission of a custom-request form: `values` as typed, `errors` by field (codes),
 * `images` uploaded, and `submit`, which checks the body with `check`, posts it to `url`, and on success
 * empties the form and reloads the buyer's requests; the api's refusal marks the field `fieldOf` names.
 */
export function useCustomForm<V extends Record<string, string>, F extends string, B>(opts: {
  empty: V; url: string; body: (values: V, images: UploadedImage[]) => B; check: (body: B) => Errors<F>; fieldOf: (code: number) => F;
}) {
  const w = useWords(customWords);
  const lang = useLang();
  const { toasts } = useStores();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [values, setValues] = useState<V>(opts.empty);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // A new upload control after each submission: no message of the last one stays behind.
  const [round, setRound] = useState(0);
  const msg = (code: number | undefined) => (code === undefined ? undefined : messageFor(code, lang));
  const set = (k: keyof V) => (v: string) => { setValues({ ...values, [k]: v }); setDone(false); };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = opts.body(values, images);
    const found = opts.check(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const res = await run((api) => api.post<CustomRequest>(opts.url, body), { quiet: true });
      if (res?.code === Codes.OK) {
        setValues(opts.empty);
        setImages([]);
        setDone(true);
        setRound(round + 1);
        toasts.success(w.submitted);
        await revalidator.revalidate();
      } else if (res && res.code !== Codes.SESSION_EXPIRED) {
        setErrors({ [opts.fieldOf(res.code)]: res.code } as Errors<F>);
      }
    } finally {
      setBusy(false);
    }
  }

  return { form, images, setImages, values, set, errors, setErrors, msg, busy, done, setDone, round, submit };
}
