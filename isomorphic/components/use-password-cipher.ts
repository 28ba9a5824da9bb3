// Encrypts passwords for the api under the key the page was given. Its own module so that crypto-js loads
// with the pages that ask for a password, not with the header on every page.
import { useCallback } from 'react';
import { useStores } from '../stores/root.store';
import { encryptPassword } from '../api-client/password-cipher';

export function usePasswordCipher(): (clear: string) => string {
  const { settings } = useStores();
  return useCallback((clear: string) => encryptPassword(clear, settings.passwordAesKey), [settings]);
}
