/** Connects the http layer's 401 signal to the session machine, and lands on /continue after logout. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Session } from '../../machines/session/session.actor';
import { selectStatus } from '../../machines/session/session.selectors';
import { onUnauthorized } from '../../services/http';
import { href } from '../../routes';
import { queryClient } from '../../queryClient';

export function useSessionLink() {
  const actor = Session.useActorRef();
  const status = Session.useSelector(selectStatus);
  const [, navigate] = useLocation();
  const previous = useRef(status);
  useEffect(() => {
    const stop = onUnauthorized(() => actor.send({ type: 'EXPIRED' }));
    return () => {
      stop();
    };
  }, [actor]);
  useEffect(() => {
    if (previous.current === 'signedIn' && status === 'signedOut') {
      queryClient.clear();
      navigate(href.signIn(), { replace: true });
    }
    previous.current = status;
  }, [status, navigate]);
}
