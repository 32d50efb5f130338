CREATE TABLE "event_attendance" (
	"event_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"present" boolean NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" uuid,
	CONSTRAINT "event_attendance_event_id_student_id_pk" PRIMARY KEY("event_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "event_volunteers" (
	"event_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_volunteers_event_id_student_id_pk" PRIMARY KEY("event_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "involvement_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_volunteers" ADD CONSTRAINT "event_volunteers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_volunteers" ADD CONSTRAINT "event_volunteers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendance_student_idx" ON "event_attendance" USING btree ("student_id") WHERE "event_attendance"."present";--> statement-breakpoint
CREATE INDEX "event_volunteers_student_idx" ON "event_volunteers" USING btree ("student_id");