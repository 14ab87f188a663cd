/*
 * fuzz_noise.c - libFuzzer harness for the reader of a noise profile
 * ("stresskit calibrate"'s, read by compare --noise PROFILE,
 * compare_noise.c), and for what compare takes of each of its rows.
 * Input byte 0 bit 0 is --force; the bytes up to the first NUL are the
 * profile, handed over as a file; the rest is BASE's results document
 * (an empty object when it is not JSON), whose options the profile's
 * must match.
 *
 * Checked beyond crashes, leaks and undefined behaviour: a profile
 * refused says why on stderr, every line "stresskit: error: compare: ",
 * and nothing on stdout; one taken prints nothing and has an object of
 * rows; a row taken from it gives a spread that is finite and not
 * negative, on at least one degree of freedom (compare_method.h).
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "capture.h"
#include "compare_noise.h"

#define FUZZ_ERR "stresskit: error: compare: "

static int fuzz_profile_fd;
static char fuzz_profile[32];
static struct fuzz_capture fuzz_io;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_profile_fd = fuzz_file("fuzz_noise", fuzz_profile, sizeof(fuzz_profile));
	fuzz_capture_init(&fuzz_io, "fuzz_noise_out");
	return 0;
}

/* Every line of err (elen bytes) starts with FUZZ_ERR, the last ends. */
static bool fuzz_error_lines(const char *err, size_t elen)
{
	const char *at = err;

	if (!elen || err[elen - 1] != '\n')
		return false;
	for (; at < err + elen; at = strchr(at, '\n') + 1)
		if (strncmp(at, FUZZ_ERR, strlen(FUZZ_ERR)))
			return false;
	return true;
}

/* What compare takes of each of the profile's rows, for no documents. */
static void fuzz_rows(const json_t *noise)
{
	struct compare_side side;
	const char *key;
	json_t *row;

	memset(&side, 0, sizeof(side));
	json_object_foreach(json_object_get(noise, "rows"), key, row) {
		struct compare_sample s;
		enum compare_noise_source src;

		memset(&s, 0, sizeof(s));
		src = compare_noise_between(&side, noise, key, &s);
		fuzz_check(src == COMPARE_NOISE_PROFILE || src == COMPARE_NOISE_DRIFT);
		fuzz_check(s.between_known == (src == COMPARE_NOISE_PROFILE));
		if (s.between_known)
			fuzz_check(isfinite(s.between_pct) && s.between_pct >= 0 &&
				   s.between_df >= 1);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_parts in;
	json_t *base, *noise;
	char *out, *err;
	size_t olen, elen;

	if (!fuzz_split(data, size, &in))
		return 0;
	fuzz_file_set(fuzz_profile_fd, in.head, in.head_len);
	base = in.tail ? json_loadb((const char *)in.tail, in.tail_len, 0, NULL) : NULL;
	if (!base)
		base = json_object();
	fuzz_check(base != NULL);

	fuzz_capture_begin(&fuzz_io);
	noise = compare_noise_read(fuzz_profile, base, "BASE.json", in.flag);
	if (noise)
		fuzz_rows(noise);
	out = fuzz_capture_end(&fuzz_io, &olen, &err, &elen);
	fuzz_check(olen == 0);
	if (noise) {
		fuzz_check(elen == 0 && json_is_object(json_object_get(noise, "rows")));
	} else {
		fuzz_check(fuzz_error_lines(err, elen));
	}
	json_decref(noise);
	json_decref(base);
	free(out);
	free(err);
	return 0;
}
