SELECT
  CAST(date_trunc('week', CASE WHEN "event_date" < CAST($date_start AS DATE) THEN CAST("event_date" + to_days(CAST($shift_days AS INTEGER)) AS DATE) ELSE "event_date" END) AS DATE) AS "week",
  count(*) FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))) AS "event_count",
  count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE))) AS "event_count_prev",
  (CAST(count(*) FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))) AS DOUBLE) - count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))) / NULLIF(ABS(count(*) FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))), 0) * 100 AS "event_count_change_pct",
  count(DISTINCT "user_pseudo_id") FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))) AS "users",
  count(DISTINCT "user_pseudo_id") FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE))) AS "users_prev",
  (CAST(count(DISTINCT "user_pseudo_id") FILTER (WHERE ("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE))) AS DOUBLE) - count(DISTINCT "user_pseudo_id") FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))) / NULLIF(ABS(count(DISTINCT "user_pseudo_id") FILTER (WHERE ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))), 0) * 100 AS "users_change_pct"
FROM "events"
WHERE "app_id" = $app_id
  AND (("event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE)) OR ("event_date" >= CAST($prev_start AS DATE) AND "event_date" <= CAST($prev_end AS DATE)))
GROUP BY 1
ORDER BY "week" ASC NULLS LAST
LIMIT 1000

-- params
{
  "params": {
    "date_start": "2025-06-02",
    "shift_days": 365,
    "date_end": "2025-06-29",
    "prev_start": "2024-06-02",
    "prev_end": "2024-06-29",
    "app_id": "dragon-merge-android"
  },
  "types": {
    "date_start": "DATE",
    "shift_days": "INT64",
    "date_end": "DATE",
    "prev_start": "DATE",
    "prev_end": "DATE",
    "app_id": "STRING"
  }
}
