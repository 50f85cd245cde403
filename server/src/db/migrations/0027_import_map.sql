CREATE TABLE "import_map" (
	"source" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"external_id" text NOT NULL,
	"ruche_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_map_source_kind_external_id_pk" PRIMARY KEY("source","kind","external_id")
);
