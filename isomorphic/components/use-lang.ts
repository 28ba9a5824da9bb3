// The page language as the app's Lang type, from the words (I18n) of this request or page.
import { useTranslation } from '../i18n/react';
import type { Lang } from '../domain/format';

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language;
}
