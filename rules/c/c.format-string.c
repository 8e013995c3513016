/* Fixture for c.format-string. */
#include <stdio.h>
#include <syslog.h>

void report(FILE *log, const char *msg, char *buf, size_t n, const struct req *r) {
    /* ruleid: c.format-string */
    printf(buf);
    /* ruleid: c.format-string */
    fprintf(log, msg);
    /* ruleid: c.format-string */
    syslog(LOG_ERR, r->user_agent);
    /* ruleid: c.format-string */
    snprintf(buf, n, msg);
    /* ok: c.format-string */
    printf("%s", buf);
    /* ok: c.format-string */
    fprintf(log, "%s\n", msg);
    /* ok: c.format-string */
    fputs(msg, log);
    /* ok: c.format-string */
    printf(USAGE);
    /* ok: c.format-string */
    printf(_("Saved all files\n"));
    /* ok: c.format-string */
    fprintf(stderr, "error: " "disk full\n");
}
