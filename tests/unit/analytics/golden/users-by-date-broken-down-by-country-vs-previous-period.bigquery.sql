SELECT
  CASE WHEN `event_date` < @date_start THEN DATE_ADD(`event_date`, INTERVAL @shift_days DAY) ELSE `event_date` END AS `date`,
  CASE WHEN `country` IN (SELECT `top_value` FROM (
SELECT
  `country` AS `top_value`,
  COUNT(*) AS `top_rank`
FROM `questboard-demo.analytics.daily_user_metrics`
WHERE `app_id` = @app_id
  AND `event_date` >= @date_start
  AND `event_date` <= @date_end
  AND `platform` = @c1
  AND NOT (`country` IS NULL)
GROUP BY 1
ORDER BY `top_rank` DESC NULLS LAST, `top_value` ASC NULLS LAST
LIMIT 5
) AS `top_values`) THEN `country` ELSE @other END AS `country`,
  COUNTIF((`event_date` >= @date_start AND `event_date` <= @date_end)) AS `dau`,
  COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end)) AS `dau_prev`,
  (CAST(COUNTIF((`event_date` >= @date_start AND `event_date` <= @date_end)) AS FLOAT64) - COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end))) / NULLIF(ABS(COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end))), 0) * 100 AS `dau_change_pct`,
  CAST(COUNTIF((`is_new` IS TRUE AND (`event_date` >= @date_start AND `event_date` <= @date_end))) AS FLOAT64) / NULLIF(COUNTIF((`event_date` >= @date_start AND `event_date` <= @date_end)), 0) AS `new_users_per`,
  CAST(COUNTIF((`is_new` IS TRUE AND (`event_date` >= @prev_start AND `event_date` <= @prev_end))) AS FLOAT64) / NULLIF(COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end)), 0) AS `new_users_per_prev`,
  (CAST(CAST(COUNTIF((`is_new` IS TRUE AND (`event_date` >= @date_start AND `event_date` <= @date_end))) AS FLOAT64) / NULLIF(COUNTIF((`event_date` >= @date_start AND `event_date` <= @date_end)), 0) AS FLOAT64) - CAST(COUNTIF((`is_new` IS TRUE AND (`event_date` >= @prev_start AND `event_date` <= @prev_end))) AS FLOAT64) / NULLIF(COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end)), 0)) / NULLIF(ABS(CAST(COUNTIF((`is_new` IS TRUE AND (`event_date` >= @prev_start AND `event_date` <= @prev_end))) AS FLOAT64) / NULLIF(COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end)), 0)), 0) * 100 AS `new_users_per_change_pct`
FROM `questboard-demo.analytics.daily_user_metrics`
WHERE `app_id` = @app_id
  AND ((`event_date` >= @date_start AND `event_date` <= @date_end) OR (`event_date` >= @prev_start AND `event_date` <= @prev_end))
  AND `platform` = @c1
GROUP BY 1, 2
ORDER BY `date` ASC NULLS LAST, `country` ASC NULLS LAST
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
