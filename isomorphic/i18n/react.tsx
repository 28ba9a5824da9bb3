// The page's words in components: the provider every page view is wrapped in (AppProviders) and
// useTranslation(), whose component renders again when the language changes.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './index';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language, () => i18n.language);
  // A new t for a new language, so memoised children that receive it render again.
  const t = useMemo<TFunction>(() => (key, values) => i18n.t(key, values), [i18n, language]);
  return { t, i18n };
}
