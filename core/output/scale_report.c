/*
 * scale_report.c - the table of a --scale sweep: each step's total and
 * per-instance ops/s against the linear figure (the first step's
 * per-instance rate times n), printed, and written as CSV.
 */
#include "scale_report.h"

#include <errno.h>

#include "log.h"
#include "run_mode.h"

int scale_write_csv(FILE *f, const struct scale_row *rows, size_t n)
{
	fprintf(f, "instances,total_ops_per_sec,per_instance_ops_per_sec,"
		   "linear_ops_per_sec,efficiency_percent,"
		   "instance_min_ops_per_sec,instance_max_ops_per_sec\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%u,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\n", rows[i].instances,
			rows[i].total, rows[i].per_instance, rows[i].linear,
			rows[i].efficiency, rows[i].inst_min, rows[i].inst_max);
	return ferror(f) ? -EIO : 0;
}

void scale_print(const struct run_plan *base, const char *name, bool threads,
		 const struct scale_row *rows, size_t n)
{
	log_metric("scale: %s, %s instances, %gs per step%s", name,
		   threads ? "thread" : "process", base->timeout,
		   run_modes_held(base) > 0 ? " after the warmup" : "");
	log_metric("%9s %14s %14s %14s %10s %14s %14s", "instances",
		   "total ops/s", "per-instance", "linear ops/s", "efficiency",
		   "min instance", "max instance");
	for (size_t i = 0; i < n; i++)
		log_metric("%9u %14.2f %14.2f %14.2f %9.1f%% %14.2f %14.2f",
			   rows[i].instances, rows[i].total, rows[i].per_instance,
			   rows[i].linear, rows[i].efficiency, rows[i].inst_min,
			   rows[i].inst_max);
}
