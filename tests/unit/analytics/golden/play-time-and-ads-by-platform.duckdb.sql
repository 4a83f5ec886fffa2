SELECT
  "platform" AS "platform",
  "media_source" AS "media_source",
  CAST(sum("engagement_ms") AS DOUBLE) / NULLIF((count(*) * 60000), 0) AS "mins_per_day",
  CAST(sum("engagement_ms") AS DOUBLE) / NULLIF((sum("sessions") * 60000), 0) AS "mins_per_session",
  sum("impressions") AS "impressions",
  CAST((sum("ad_revenue") * 1000) AS DOUBLE) / NULLIF(sum("impressions"), 0) AS "ecpm",
  CAST(sum("ad_rewards") AS DOUBLE) / NULLIF(sum("rewarded_impressions"), 0) AS "ads_completed_rate",
  CAST(count(*) FILTER (WHERE "iap_count" > 0) AS DOUBLE) / NULLIF(count(*), 0) AS "conversion_rate"
FROM "daily_user_metrics"
WHERE "app_id" = $app_id
  AND "event_date" >= CAST($date_start AS DATE)
  AND "event_date" <= CAST($date_end AS DATE)
  AND "days_since_install" >= $c1
  AND CAST("engagement_ms" AS DOUBLE) / NULLIF(60000, 0) < $c2
GROUP BY 1, 2
ORDER BY "ecpm" DESC NULLS LAST, "platform" ASC NULLS LAST, "media_source" ASC NULLS LAST
LIMIT 1000

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-24",
    "date_end": "2025-06-30",
    "c1": 1,
    "c2": 90.5
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE",
    "c1": "INT64",
    "c2": "FLOAT64"
  }
}
