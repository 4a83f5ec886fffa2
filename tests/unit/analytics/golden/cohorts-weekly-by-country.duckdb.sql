WITH cohort_users AS (
SELECT
  "user_pseudo_id" AS "cohort_user",
  CAST(date_trunc('week', "install_date") AS DATE) AS "cohort",
  "country" AS "split_value"
FROM "daily_user_metrics"
WHERE "app_id" = $app_id
  AND "days_since_install" = 0
  AND "install_date" >= CAST($date_start AS DATE)
  AND "install_date" <= CAST($date_end AS DATE)
  AND "platform" = $c1
  AND list_contains(CAST($c2 AS VARCHAR[]), "media_source")
)
SELECT
  "cohort" AS "cohort",
  "split_value" AS "split_value",
  ("days_since_install" // 7) AS "period",
  count(DISTINCT "user_pseudo_id") AS "users"
FROM "daily_user_metrics"
JOIN cohort_users ON "user_pseudo_id" = "cohort_user"
WHERE ("app_id" = $app_id AND "days_since_install" < $max_days)
GROUP BY 1, 2, 3

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-04-07",
    "date_end": "2025-06-29",
    "c1": "IOS",
    "c2": [
      "a",
      "b"
    ],
    "max_days": 84
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE",
    "c1": "STRING",
    "c2": [
      "STRING"
    ],
    "max_days": "INT64"
  }
}
