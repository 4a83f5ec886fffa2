SELECT
  `platform` AS `platform`,
  `media_source` AS `media_source`,
  CAST(SUM(`engagement_ms`) AS FLOAT64) / NULLIF((COUNT(*) * 60000), 0) AS `mins_per_day`,
  CAST(SUM(`engagement_ms`) AS FLOAT64) / NULLIF((SUM(`sessions`) * 60000), 0) AS `mins_per_session`,
  SUM(`impressions`) AS `impressions`,
  CAST((SUM(`ad_revenue`) * 1000) AS FLOAT64) / NULLIF(SUM(`impressions`), 0) AS `ecpm`,
  CAST(SUM(`ad_rewards`) AS FLOAT64) / NULLIF(SUM(`rewarded_impressions`), 0) AS `ads_completed_rate`,
  CAST(COUNTIF(`iap_count` > 0) AS FLOAT64) / NULLIF(COUNT(*), 0) AS `conversion_rate`
FROM `questboard-demo.analytics.daily_user_metrics`
WHERE `app_id` = @app_id
  AND `event_date` >= @date_start
  AND `event_date` <= @date_end
  AND `days_since_install` >= @c1
  AND CAST(`engagement_ms` AS FLOAT64) / NULLIF(60000, 0) < @c2
GROUP BY 1, 2
ORDER BY `ecpm` DESC NULLS LAST, `platform` ASC NULLS LAST, `media_source` ASC NULLS LAST
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
