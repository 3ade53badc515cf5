import { useEffect, useState } from 'react';
import { PASSWORD_MESSAGES, passwordProblem, type PasswordOwner } from '../../../../domain/shared/password-policy';

/**
 * Why a new password would be refused, while it is typed: the server's own policy
 * (domain/shared/password-policy.ts). The common-password list (~400 kB) is fetched as its own chunk the
 * first time a password form asks for it, so pages without one (the buyer's catalogue) never load it.
 * Checking in the browser also keeps the typed password off the network until the form is sent.
 */
type CommonCheck = (password: string) => boolean;
let commonList: Promise<CommonCheck> | null = null;
const loadCommonList = (): Promise<CommonCheck> =>
  (commonList ??= import('../../../../domain/shared/password-common-list')
    .then((m) => m.isCommonPassword)
    .catch(() => {
      commonList = null; // offline or a failed chunk: the server still checks on submit
      return () => false;
    }));

/** The blank and own-email/RUT rules, synchronously, for the form's validation on submit. */
export const passwordPolicyMessage = (password: string, owner: PasswordOwner): string | null => {
  if (!password) return null;
  const problem = passwordProblem(password, owner);
  return problem ? PASSWORD_MESSAGES[problem] : null;
};

/** The whole policy, the list included (loaded on first use). */
export const passwordAdvice = async (password: string, owner: PasswordOwner): Promise<string | null> => {
  if (!password) return null;
  const problem = passwordProblem(password, owner, await loadCommonList());
  return problem ? PASSWORD_MESSAGES[problem] : null;
};

/** The live advice for the password field: null while the password is acceptable (or empty). */
export function usePasswordAdvice(password: string, owner: PasswordOwner): string | null {
  const [isCommon, setIsCommon] = useState<CommonCheck | null>(null);
  useEffect(() => {
    let live = true;
    void loadCommonList().then((check) => live && setIsCommon(() => check));
    return () => {
      live = false;
    };
  }, []);
  if (!password) return null;
  const problem = passwordProblem(password, owner, isCommon ?? undefined);
  return problem ? PASSWORD_MESSAGES[problem] : null;
}
