CREATE TABLE "catalog_completions_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"completions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_course_members" (
	"course_id" text PRIMARY KEY NOT NULL,
	"members" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_members_daily" (
	"day" date NOT NULL,
	"course_id" text NOT NULL,
	"members" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_members_daily_day_course_id_pk" PRIMARY KEY("day","course_id")
);
--> statement-breakpoint
-- The admin figures read these rollups, at most one row per day and series (and one per course for
-- the members now), instead of every enrolment and completion. Triggers keep them in the
-- transaction that writes the row, whatever the write path; the views state the same figures from
-- the raw rows, for the backfill below and for `npm run stats:verify`.
CREATE VIEW "catalog_members_daily_recomputed" AS
  SELECT (created_at AT TIME ZONE 'UTC')::date AS day, course_id, count(*)::bigint AS members FROM course_enrolments GROUP BY 1, 2;
--> statement-breakpoint
CREATE VIEW "catalog_course_members_recomputed" AS
  SELECT course_id, count(*)::bigint AS members FROM course_enrolments GROUP BY 1;
--> statement-breakpoint
CREATE VIEW "catalog_completions_daily_recomputed" AS
  SELECT (completed_at AT TIME ZONE 'UTC')::date AS day, count(*)::bigint AS completions FROM lesson_completions GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "catalog_stats_add_member"(p_day date, p_course text, p_members bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_members_daily AS t (day, course_id, members) VALUES (p_day, p_course, p_members)
    ON CONFLICT (day, course_id) DO UPDATE SET members = t.members + excluded.members;
  INSERT INTO catalog_course_members AS t (course_id, members) VALUES (p_course, p_members)
    ON CONFLICT (course_id) DO UPDATE SET members = t.members + excluded.members;
END $$;
--> statement-breakpoint
-- A changed row takes back what its old version counted and counts its new version.
CREATE FUNCTION "catalog_stats_count_enrolment"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM catalog_stats_add_member((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.course_id, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM catalog_stats_add_member((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.course_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_stats_count_completion"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO catalog_completions_daily AS t (day, completions) VALUES ((OLD.completed_at AT TIME ZONE 'UTC')::date, -1)
      ON CONFLICT (day) DO UPDATE SET completions = t.completions + excluded.completions;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO catalog_completions_daily AS t (day, completions) VALUES ((NEW.completed_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (day) DO UPDATE SET completions = t.completions + excluded.completions;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_enrolments_stats" AFTER INSERT OR DELETE OR UPDATE OF course_id, created_at
  ON course_enrolments FOR EACH ROW EXECUTE FUNCTION catalog_stats_count_enrolment();
--> statement-breakpoint
CREATE TRIGGER "lesson_completions_stats" AFTER INSERT OR DELETE OR UPDATE OF completed_at
  ON lesson_completions FOR EACH ROW EXECUTE FUNCTION catalog_stats_count_completion();
--> statement-breakpoint
INSERT INTO catalog_members_daily (day, course_id, members) SELECT day, course_id, members FROM catalog_members_daily_recomputed;
--> statement-breakpoint
INSERT INTO catalog_course_members (course_id, members) SELECT course_id, members FROM catalog_course_members_recomputed;
--> statement-breakpoint
INSERT INTO catalog_completions_daily (day, completions) SELECT day, completions FROM catalog_completions_daily_recomputed;
