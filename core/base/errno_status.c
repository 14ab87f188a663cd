/*
 * errno_status.c - sk_status_from_errno, the API's one mapping of a failed
 * syscall's errno to an exit status. It is here, below the run engine,
 * because the helpers of base/ (file.c) report with it as stressors do.
 */
#include <stresskit/stressor.h>

#include <errno.h>

int sk_status_from_errno(int err)
{
	switch (err) {
	case ENOSYS:
	case EOPNOTSUPP:
		return SK_NOT_IMPLEMENTED;
	case ENOMEM:
	case ENOSPC:
	case EMFILE:
	case ENFILE:
	case EAGAIN:
	case EDQUOT:
		return SK_NO_RESOURCE;
	default:
		return SK_FAILED;
	}
}
