-- The kept sums of db/schema-aggregates.ts (ADR 037): triggers keep them equal to the sums of the
-- active investments they stand for, in the same transaction as the write (the purchase batch, the
-- cancellation, the seed, a cascade); then the investments already there are summed in once.
-- An investment counts while its status is 'active' (ADR 021: a cancelled one is history).
-- Investments: every row counts in investor_stats.investments; an active one in its position, its
-- project's investment_count and the project's and the investor's day.
CREATE TRIGGER `investments_kept_insert` AFTER INSERT ON `investments` BEGIN
  INSERT INTO `investor_stats` (`investor_id`, `investments`) VALUES (new.investor_id, 1)
    ON CONFLICT (`investor_id`) DO UPDATE SET `investments` = `investments` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_insert_active` AFTER INSERT ON `investments` WHEN new.status = 'active' BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, new.shares, new.amount_cents, 1, new.created_at
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`);
  UPDATE `projects` SET `investment_count` = `investment_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
    VALUES (new.project_id, cast(new.created_at / 86400000 as integer), 1, new.amount_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`;
  INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
    SELECT new.investor_id, cast(new.created_at / 86400000 as integer), 1, CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN new.amount_cents ELSE 0 END
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `limit_cents` = `limit_cents` + excluded.`limit_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_delete` AFTER DELETE ON `investments` BEGIN
  UPDATE `investor_stats` SET `investments` = `investments` - 1 WHERE `investor_id` = old.investor_id;
END;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_delete_active` AFTER DELETE ON `investments` WHEN old.status = 'active' BEGIN
  UPDATE `positions` SET `shares` = `shares` - old.shares, `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.status = 'active' AND i.investor_id = old.investor_id), 0) END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  DELETE FROM `positions` WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id AND `investments` <= 0;
  UPDATE `projects` SET `investment_count` = `investment_count` - 1 WHERE `id` = old.project_id;
  UPDATE `project_days` SET `investments` = `investments` - 1, `amount_cents` = `amount_cents` - old.amount_cents
    WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `project_days` WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
  UPDATE `investor_days` SET `investments` = `investments` - 1,
      `limit_cents` = `limit_cents` - (SELECT CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN old.amount_cents ELSE 0 END
        FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_days` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
END;
--> statement-breakpoint
-- An update that changes what an active investment stands for (a cancellation changes its status)
-- takes the old row out and puts the new one in; each side runs only when it is active.
CREATE TRIGGER `investments_kept_leave` AFTER UPDATE OF `status`, `shares`, `amount_cents`, `project_id`, `investor_id`, `created_at` ON `investments` WHEN old.status = 'active' BEGIN
  UPDATE `positions` SET `shares` = `shares` - old.shares, `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.status = 'active' AND i.investor_id = old.investor_id), 0) END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  DELETE FROM `positions` WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id AND `investments` <= 0;
  UPDATE `projects` SET `investment_count` = `investment_count` - 1 WHERE `id` = old.project_id;
  UPDATE `project_days` SET `investments` = `investments` - 1, `amount_cents` = `amount_cents` - old.amount_cents
    WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `project_days` WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
  UPDATE `investor_days` SET `investments` = `investments` - 1,
      `limit_cents` = `limit_cents` - (SELECT CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN old.amount_cents ELSE 0 END
        FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_days` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_join` AFTER UPDATE OF `status`, `shares`, `amount_cents`, `project_id`, `investor_id`, `created_at` ON `investments` WHEN new.status = 'active' BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, new.shares, new.amount_cents, 1, new.created_at
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`);
  UPDATE `projects` SET `investment_count` = `investment_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
    VALUES (new.project_id, cast(new.created_at / 86400000 as integer), 1, new.amount_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`;
  INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
    SELECT new.investor_id, cast(new.created_at / 86400000 as integer), 1, CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN new.amount_cents ELSE 0 END
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `limit_cents` = `limit_cents` + excluded.`limit_cents`;
END;
--> statement-breakpoint
-- Positions: a new one is one more investor of its project and one more project of its investor;
-- any change moves its sums between the investor's category and risk groups (a project edit can
-- change both: projects_kept_group).
CREATE TRIGGER `positions_kept_insert` AFTER INSERT ON `positions` BEGIN
  UPDATE `projects` SET `investor_count` = `investor_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `investor_stats` (`investor_id`, `positions`, `cents_squared`) VALUES (new.investor_id, 1, cast(new.amount_cents as real) * new.amount_cents)
    ON CONFLICT (`investor_id`) DO UPDATE SET `positions` = `positions` + 1,
      `cents_squared` = `cents_squared` + excluded.`cents_squared`;
  INSERT INTO `investor_mix` (`investor_id`, `category`, `risk_level`, `investments`, `amount_cents`, `shares`, `value_cents`)
    SELECT new.investor_id, new.category, new.risk_level, new.investments, new.amount_cents, new.shares,
      new.shares * p.share_price_cents
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `category`, `risk_level`) DO UPDATE SET
      `investments` = `investments` + excluded.`investments`, `amount_cents` = `amount_cents` + excluded.`amount_cents`,
      `shares` = `shares` + excluded.`shares`, `value_cents` = `value_cents` + excluded.`value_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `positions_kept_update` AFTER UPDATE ON `positions` BEGIN
  UPDATE `investor_stats` SET `cents_squared` = `cents_squared` - cast(old.amount_cents as real) * old.amount_cents + cast(new.amount_cents as real) * new.amount_cents
    WHERE `investor_id` = new.investor_id;
  UPDATE `investor_mix` SET `investments` = `investments` - old.investments,
      `amount_cents` = `amount_cents` - old.amount_cents, `shares` = `shares` - old.shares,
      `value_cents` = `value_cents` - old.shares * (SELECT p.share_price_cents FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level;
  DELETE FROM `investor_mix`
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level AND `investments` <= 0;
  INSERT INTO `investor_mix` (`investor_id`, `category`, `risk_level`, `investments`, `amount_cents`, `shares`, `value_cents`)
    SELECT new.investor_id, new.category, new.risk_level, new.investments, new.amount_cents, new.shares,
      new.shares * p.share_price_cents
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `category`, `risk_level`) DO UPDATE SET
      `investments` = `investments` + excluded.`investments`, `amount_cents` = `amount_cents` + excluded.`amount_cents`,
      `shares` = `shares` + excluded.`shares`, `value_cents` = `value_cents` + excluded.`value_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `positions_kept_delete` AFTER DELETE ON `positions` BEGIN
  UPDATE `projects` SET `investor_count` = `investor_count` - 1 WHERE `id` = old.project_id;
  UPDATE `investor_stats` SET `positions` = `positions` - 1,
      `cents_squared` = CASE WHEN `positions` <= 1 THEN 0 ELSE `cents_squared` - cast(old.amount_cents as real) * old.amount_cents END
    WHERE `investor_id` = old.investor_id;
  UPDATE `investor_mix` SET `investments` = `investments` - old.investments,
      `amount_cents` = `amount_cents` - old.amount_cents, `shares` = `shares` - old.shares,
      `value_cents` = `value_cents` - old.shares * (SELECT p.share_price_cents FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level;
  DELETE FROM `investor_mix`
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level AND `investments` <= 0;
END;
--> statement-breakpoint
-- A project whose category or risk level changes moves its positions (and so their sums) with it.
CREATE TRIGGER `projects_kept_group` AFTER UPDATE OF `category`, `risk_level` ON `projects`
WHEN old.category IS NOT new.category OR old.risk_level IS NOT new.risk_level BEGIN
  UPDATE `positions` SET `category` = new.category, `risk_level` = new.risk_level WHERE `project_id` = new.id;
END;
--> statement-breakpoint
-- A project whose regulation starts or stops counting towards the Reg CF limit (possible only
-- before its first sale, or in a fixture) moves its investors' days with it. ('RegCF', 'SAFE') is
-- domain/reg-cf.ts REG_CF_COUNTED.
CREATE TRIGGER `projects_kept_regulation` AFTER UPDATE OF `regulation_type` ON `projects`
WHEN (old.regulation_type IN ('RegCF', 'SAFE')) IS NOT (new.regulation_type IN ('RegCF', 'SAFE')) BEGIN
  UPDATE `investor_days` SET `limit_cents` = `limit_cents`
    + (CASE WHEN new.regulation_type IN ('RegCF', 'SAFE') THEN 1 ELSE -1 END)
    * (SELECT coalesce(sum(i.amount_cents), 0) FROM `investments` i
       WHERE i.project_id = new.id AND i.status = 'active' AND i.investor_id = `investor_days`.investor_id
         AND cast(i.created_at / 86400000 as integer) = `investor_days`.day)
  WHERE `investor_id` IN (SELECT i.investor_id FROM `investments` i WHERE i.project_id = new.id AND i.status = 'active');
END;
--> statement-breakpoint
-- The investments already there, summed once (the position triggers fill investor_count,
-- investor_mix and the positions and squares of investor_stats).
INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`)
SELECT i.project_id, i.investor_id, p.category, p.risk_level, sum(i.shares), sum(i.amount_cents), count(*), max(i.created_at)
FROM `investments` i JOIN `projects` p ON p.id = i.project_id
WHERE i.status = 'active'
GROUP BY i.project_id, i.investor_id;
--> statement-breakpoint
UPDATE `projects` SET `investment_count` =
  (SELECT count(*) FROM `investments` i WHERE i.project_id = `projects`.id AND i.status = 'active');
--> statement-breakpoint
INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
SELECT project_id, cast(created_at / 86400000 as integer), count(*), sum(amount_cents)
FROM `investments` WHERE status = 'active'
GROUP BY project_id, cast(created_at / 86400000 as integer);
--> statement-breakpoint
INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
SELECT i.investor_id, cast(i.created_at / 86400000 as integer), count(*),
  sum(CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN i.amount_cents ELSE 0 END)
FROM `investments` i JOIN `projects` p ON p.id = i.project_id WHERE i.status = 'active'
GROUP BY i.investor_id, cast(i.created_at / 86400000 as integer);
--> statement-breakpoint
INSERT INTO `investor_stats` (`investor_id`, `investments`)
SELECT investor_id, count(*) FROM `investments` WHERE true GROUP BY investor_id
ON CONFLICT (`investor_id`) DO UPDATE SET `investments` = excluded.`investments`;
