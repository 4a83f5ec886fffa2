/**
 * Every flow's browser path table, in one list: tests/e2e/flow-paths.spec.ts registers each one's paths as browser
 * tests, tests/model/flow-tables.test.ts checks each table (and that every machine of src/machines has one) without a
 * browser, and `npm run paths` prints them. A new flow adds its `<flow>.paths.ts` and one line here
 * (docs/engineering/machine-paths.md).
 */
import type { FlowTable, Ui } from './driver';
import { teamTable } from './team.paths';
import { reportBuilderTable } from './report-builder.paths';
import { addAppTable } from './add-app.paths';
import { appVisibilityTable } from './app-visibility.paths';
import { workspaceSettingsTable } from './workspace-settings.paths';
import { redeemPromoTable } from './redeem-promo.paths';
import { paymentMethodsTable } from './payment-methods.paths';
import { paymentMethodSetupTable } from './payment-method-setup.paths';
import { askAnalyzeTable } from './ask-analyze.paths';
import { dailyProcessTable } from './daily-process.paths';
import { activeSourceTable } from './active-source.paths';
import { createWorkspaceTable } from './create-workspace.paths';
import { firebaseConversionEventsTable } from './firebase-conversion-events.paths';
import { deeplinkEditTable } from './deeplink-edit.paths';
import { deleteReportTable } from './delete-report.paths';
import { apiKeysTable } from './api-keys.paths';
import { catalogueItemTable } from './catalogue-item.paths';
import { revenueSettingsTable } from './revenue-settings.paths';
import { messagesSaveTable } from './messages-save.paths';
import { monetizeFormTable } from './monetize-form.paths';
import { monetizeToggleTable } from './monetize-toggle.paths';
import { confirmMutationTable } from './confirm-mutation.paths';
import { acceptInviteTable } from './accept-invite.paths';
import { acquireSettingsTable } from './acquire-settings.paths';
import { activityTable } from './activity.paths';
import { postbackLogTable } from './postback-log.paths';
import { queryJobsTable } from './query-jobs.paths';
import { notificationsTable } from './notifications.paths';
import { notificationPreferencesTable } from './notification-preferences.paths';
import { webhooksTable } from './webhooks.paths';
import { silenceThresholdTable } from './silence-threshold.paths';
import { reportSubscriptionTable } from './report-subscription.paths';
import { metricAlertTable } from './metric-alert.paths';
import { credentialsTable } from './credentials.paths';
import { fraudHoldsTable } from './fraud-holds.paths';
import { adjustConnectTable } from './adjust-connect.paths';
import { adjustUpdateTable } from './adjust-update.paths';
import { appDetailsTable } from './app-details.paths';
import { appGeneralTable } from './app-general.paths';
import { appsflyerTable } from './appsflyer.paths';
import { appsflyerTestLinkTable } from './appsflyer-test-link.paths';
import { checkStatusTable } from './check-status.paths';
import { imageSlotTable } from './image-slot.paths';
import { pluginLifecycleTable } from './plugin-lifecycle.paths';
import { processDataTable } from './process-data.paths';
import { questReviewTable } from './quest-review.paths';
import { forgotPasswordTable } from './forgot-password.paths';
import { changePasswordTable } from './change-password.paths';
import { signUpTable } from './sign-up.paths';
import { twoFactorTable } from './two-factor.paths';
import { accountProfileTable } from './account-profile.paths';
import { accountSessionsTable } from './account-sessions.paths';
import { resetPasswordTable } from './reset-password.paths';
import { questActionsTable } from './quest-actions.paths';
import { questEditorTable } from './quest-editor.paths';
import { cohortBuilderTable } from './cohort-builder.paths';
import { dashboardTable } from './dashboard.paths';
import { funnelBuilderTable } from './funnel-builder.paths';
import { workspaceSecurityTable } from './workspace-security.paths';
import { emailChangeTable } from './email-change.paths';
import { confirmEmailTable } from './confirm-email.paths';
import { sessionTable } from './session.paths';
import { spreadsheetExportTable } from './spreadsheet-export.paths';
import { configureConnectionTable } from './configure-connection.paths';
import { googleSignInTable } from './google-sign-in.paths';
import { googleLinkTable } from './google-link.paths';

export const flowTables = [
  teamTable,
  reportBuilderTable,
  addAppTable,
  appVisibilityTable,
  workspaceSettingsTable,
  redeemPromoTable,
  paymentMethodsTable,
  paymentMethodSetupTable,
  askAnalyzeTable,
  dailyProcessTable,
  activeSourceTable,
  createWorkspaceTable,
  firebaseConversionEventsTable,
  deeplinkEditTable,
  deleteReportTable,
  apiKeysTable,
  catalogueItemTable,
  revenueSettingsTable,
  messagesSaveTable,
  monetizeFormTable,
  monetizeToggleTable,
  confirmMutationTable,
  acceptInviteTable,
  acquireSettingsTable,
  activityTable,
  postbackLogTable,
  queryJobsTable,
  notificationsTable,
  notificationPreferencesTable,
  webhooksTable,
  silenceThresholdTable,
  credentialsTable,
  fraudHoldsTable,
  adjustConnectTable,
  adjustUpdateTable,
  appDetailsTable,
  appGeneralTable,
  appsflyerTable,
  appsflyerTestLinkTable,
  checkStatusTable,
  imageSlotTable,
  pluginLifecycleTable,
  processDataTable,
  questReviewTable,
  forgotPasswordTable,
  changePasswordTable,
  signUpTable,
  twoFactorTable,
  accountProfileTable,
  accountSessionsTable,
  resetPasswordTable,
  questActionsTable,
  questEditorTable,
  cohortBuilderTable,
  dashboardTable,
  funnelBuilderTable,
  workspaceSecurityTable,
  emailChangeTable,
  confirmEmailTable,
  sessionTable,
  spreadsheetExportTable,
  configureConnectionTable,
  googleSignInTable,
  googleLinkTable,
  reportSubscriptionTable,
  metricAlertTable,
] as unknown as readonly FlowTable<Ui>[];
