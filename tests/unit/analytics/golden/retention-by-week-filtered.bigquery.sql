SELECT
  DATE_TRUNC(`event_date`, WEEK(MONDAY)) AS `week`,
  CAST(COUNTIF(`ret_d1` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d1`), 0) AS `retention_d1`,
  CAST(COUNTIF(`ret_d2` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d2`), 0) AS `retention_d2`,
  CAST(COUNTIF(`ret_d3` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d3`), 0) AS `retention_d3`,
  CAST(COUNTIF(`ret_d4` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d4`), 0) AS `retention_d4`,
  CAST(COUNTIF(`ret_d5` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d5`), 0) AS `retention_d5`,
  CAST(COUNTIF(`ret_d6` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d6`), 0) AS `retention_d6`,
  CAST(COUNTIF(`ret_d7` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_d7`), 0) AS `retention_d7`,
  CAST(COUNTIF(`ret_w1` IS TRUE) AS FLOAT64) / NULLIF(COUNT(`ret_w1`), 0) AS `retention_w1`
FROM `questboard-demo.analytics.daily_user_metrics`
WHERE `app_id` = @app_id
  AND `event_date` >= @date_start
  AND `event_date` <= @date_end
  AND `country` IN UNNEST(@c1)
  AND (`platform` IS NULL OR NOT (`platform` = @c2))
  AND (`event_date` >= @c3_from AND `event_date` <= @c3_to)
GROUP BY 1
ORDER BY `week` ASC NULLS LAST
LIMIT 50

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-24",
    "date_end": "2025-06-30",
    "c1": [
      "US",
      "DE",
      "JP"
    ],
    "c2": "IOS",
    "c3_from": "2025-06-01",
    "c3_to": "2025-06-30"
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE",
    "c1": [
      "STRING"
    ],
    "c2": "STRING",
    "c3_from": "DATE",
    "c3_to": "DATE"
  }
}
