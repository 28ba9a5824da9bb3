// The page language as the app's Lang type, from the i18next instance of this request or page.
import { useTranslation } from 'react-i18next';
import type { Lang } from '../domain/format';

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}
