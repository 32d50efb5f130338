CREATE INDEX "events_name_idx" ON "events" USING btree ("name");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_on");--> statement-breakpoint
CREATE INDEX "executives_name_idx" ON "executives" USING btree ("name");--> statement-breakpoint
CREATE INDEX "executives_designation_idx" ON "executives" USING btree ("designation");--> statement-breakpoint
CREATE INDEX "notices_status_name_idx" ON "notices" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "recent_events_name_idx" ON "recent_events" USING btree ("name");--> statement-breakpoint
CREATE INDEX "results_status_name_idx" ON "results" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "students_session_idx" ON "students" USING btree ("session");--> statement-breakpoint
CREATE INDEX "teachers_name_idx" ON "teachers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "teachers_designation_idx" ON "teachers" USING btree ("designation");