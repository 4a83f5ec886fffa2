SELECT
  CASE WHEN "event_date" < CAST($date_start AS DATE) THEN CAST("event_date" + to_days(CAST($shift_days AS INTEGER)) AS DATE) ELSE "event_date" END AS "date",
  CASE WHEN "country" IN (SELECT "top_value" FROM (
SELECT
  "country" AS "top_value",
  count(*) AS "top_rank"
FROM "daily_user_metrics"
WHERE "app_id" = $app_id
  AND "event_date" >= CAST($date_start AS DATE)
  AND "event_date" <= CAST($date_end AS DATE)
  AND "platform" = $c1
  AND NOT ("country" IS NULL)
GROUP BY 1
ORDER BY "top_rank" DESC NULLS LAST, "top_value" ASC NULLS LAST
LIMIT 5
) AS "top_values") THEN "country" ELSE $other END AS "country",
  count(*) FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))) AS "dau",
  count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE))) AS "dau_prev",
  (CAST(count(*) FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))) AS DOUBLE) - count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))) / NULLIF(ABS(count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))), 0) * 100 AS "dau_change_pct",
  CAST(count(*) FILTER (WHERE ("is_new" IS TRUE AND ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE)))) AS DOUBLE) / NULLIF(count(*) FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))), 0) AS "new_users_per",
  CAST(count(*) FILTER (WHERE ("is_new" IS TRUE AND ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))) AS DOUBLE) / NULLIF(count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE))), 0) AS "new_users_per_prev",
  (CAST(CAST(count(*) FILTER (WHERE ("is_new" IS TRUE AND ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE)))) AS DOUBLE) / NULLIF(count(*) FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))), 0) AS DOUBLE) - CAST(count(*) FILTER (WHERE ("is_new" IS TRUE AND ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))) AS DOUBLE) / NULLIF(count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE))), 0)) / NULLIF(ABS(CAST(count(*) FILTER (WHERE ("is_new" IS TRUE AND ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))) AS DOUBLE) / NULLIF(count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE))), 0)), 0) * 100 AS "new_users_per_change_pct"
FROM "daily_user_metrics"
WHERE "app_id" = $app_id
  AND (("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE)) OR ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))
  AND "platform" = $c1
GROUP BY 1, 2
ORDER BY "date" ASC NULLS LAST, "country" ASC NULLS LAST
LIMIT 1000

-- params
{
  "params": {
    "date_start": "2025-06-01",
    "shift_days": 14,
    "app_id": "dragon-merge-android",
    "date_end": "2025-06-14",
    "c1": "ANDROID",
    "other": "Other",
    "prev_start": "2025-05-18",
    "prev_end": "2025-05-31"
  },
  "types": {
    "date_start": "DATE",
    "shift_days": "INT64",
    "app_id": "STRING",
    "date_end": "DATE",
    "c1": "STRING",
    "other": "STRING",
    "prev_start": "DATE",
    "prev_end": "DATE"
  }
}
