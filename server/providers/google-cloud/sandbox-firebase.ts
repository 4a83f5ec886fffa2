/**
 * The Google Cloud sandbox's Firebase side (Firebase tab): the events an app "logs" and the deployment of
 * the conversion function, deterministic from the app and the credential, offline.
 *
 * - Every app logs the same game events (first_open, session_start, level_start, level_complete, ad_impression,
 *   in_app_purchase, tutorial_complete, user_engagement), each last received a few minutes before `now` (how many is
 *   fixed by the app and event name), plus `subscription_start`, declared but never received (lastReceivedAt 0), so
 *   "enabled for conversion but never arrived" can be seen in the demo.
 * - Deploying needs Firebase Admin or Develop Admin in the project (a `limited`/`readonly` credential lacks it, so the
 *   deployment fails with that reason); otherwise three steps and a version derived from the enabled events.
 */
import { createHash } from 'node:crypto';
import { REQUIRED_ROLES } from '../../../src/contracts/integrations';
import type { CredentialSubject, FirebaseTarget } from './provider';
import type { CredentialProject, FirebaseEventInfo } from './types';

const EVENTS: readonly { name: string; params: Record<string, string>; never?: boolean }[] = [
  {
    name: 'ad_impression',
    params: { ad_format: 'STRING', ad_source: 'STRING', ad_unit_name: 'STRING', value: 'DOUBLE', currency: 'STRING' },
  },
  { name: 'first_open', params: { previous_first_open_count: 'INT64' } },
  { name: 'in_app_purchase', params: { product_id: 'STRING', price: 'DOUBLE', currency: 'STRING', quantity: 'INT64' } },
  { name: 'level_complete', params: { level: 'INT64', success: 'STRING', duration_seconds: 'INT64' } },
  { name: 'level_start', params: { level: 'INT64' } },
  { name: 'session_start', params: { ga_session_id: 'INT64', ga_session_number: 'INT64' } },
  { name: 'subscription_start', params: { product_id: 'STRING', price: 'DOUBLE', currency: 'STRING' }, never: true },
  { name: 'tutorial_complete', params: { step_count: 'INT64' } },
  { name: 'user_engagement', params: { engagement_time_msec: 'INT64' } },
];

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const FIREBASE_DEPLOY_ROLES = REQUIRED_ROLES.Firebase[0]!;

export async function sandboxFirebaseEvents(target: FirebaseTarget): Promise<FirebaseEventInfo[]> {
  return EVENTS.map((event) => {
    const minutesAgo = 1 + (parseInt(digest(`${target.app.id}/${event.name}`).slice(0, 6), 16) % 45);
    return {
      eventName: event.name,
      params: { ...event.params },
      lastReceivedAt: event.never ? 0 : target.now - minutesAgo * 60_000,
    };
  });
}

export async function sandboxDeployConversionFunction(
  credential: CredentialSubject,
  target: FirebaseTarget & { eventNames: readonly string[] },
  projects: Record<string, CredentialProject[]>,
  step: (message: string, percent: number) => Promise<void>,
): Promise<{ version: string }> {
  const roles = projects[target.project]?.[0]?.roles;
  if (!roles) throw new Error(`The credential ${credential.email} cannot reach the GCP project ${target.project}.`);
  if (!FIREBASE_DEPLOY_ROLES.satisfiedBy.some((role) => roles.includes(role))) {
    throw new Error(
      `The credential ${credential.email} lacks ${FIREBASE_DEPLOY_ROLES.label} in the GCP project ${target.project}.`,
    );
  }
  const names = [...target.eventNames].sort();
  await step(
    `Packaging the conversion function for ${names.length} event${names.length === 1 ? '' : 's'}: ${names.join(', ')}.`,
    30,
  );
  await step(`Deploying questboard-conversions to ${target.project} (sandbox, us-central1).`, 70);
  return { version: `v-${digest(`${target.project}/${target.app.id}/${names.join(',')}`).slice(0, 10)}` };
}
