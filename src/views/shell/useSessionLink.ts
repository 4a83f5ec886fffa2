/**
 * Lands on /continue after logout (the session flow itself ends the session on a 401), and forgets the
 * cached server data of the previous account when the session ends or switches to another account (an invitation
 * accepted while someone else was signed in).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Session } from '../flows/session';
import { selectAccount, selectStatus } from '../../machines/session/session.selectors';
import { href } from '../../paths';
import { forgetServerData } from '../../server-cache';

export function useSessionLink() {
  const status = Session.useSelector(selectStatus);
  const [, navigate] = useLocation();
  const accountId = Session.useSelector((s) => selectAccount(s)?.accountId ?? null);
  const previous = useRef(status);
  const previousAccountId = useRef(accountId);
  useEffect(() => {
    if (previous.current === 'signedIn' && status === 'signedOut') {
      forgetServerData();
      navigate(href.signIn(), { replace: true });
    }
    previous.current = status;
  }, [status, navigate]);
  useEffect(() => {
    if (previousAccountId.current !== null && accountId !== null && accountId !== previousAccountId.current)
      forgetServerData();
    previousAccountId.current = accountId;
  }, [accountId]);
}
