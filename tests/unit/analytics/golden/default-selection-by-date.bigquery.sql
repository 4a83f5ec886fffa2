SELECT
  `event_date` AS `date`,
  COUNTIF(`is_new` IS TRUE) AS `new_users`,
  CAST(COUNTIF(`is_new` IS TRUE) AS FLOAT64) / NULLIF(COUNT(*), 0) AS `new_users_per`,
  CAST(COUNTIF(`ret_d1` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d1`), 0) AS `retention_d1`
FROM `questboard-demo.analytics.daily_user_metrics`
WHERE `app_id` = @app_id
  AND `event_date` >= @date_start
  AND `event_date` <= @date_end
GROUP BY 1
ORDER BY `date` DESC NULLS LAST
LIMIT 1000

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-01",
    "date_end": "2025-06-30"
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE"
  }
}
