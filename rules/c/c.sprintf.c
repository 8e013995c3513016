/* Fixture for c.sprintf. */
#include <stdarg.h>
#include <stdio.h>

void log_line(char *out, const char *user, const char *fmt, va_list ap, int id) {
    char line[128];
    /* ruleid: c.sprintf */
    sprintf(line, "user=%s id=%d", user, id);
    /* ruleid: c.sprintf */
    sprintf(out, fmt, user);
    /* ruleid: c.sprintf */
    vsprintf(line, fmt, ap);
    /* ruleid: c.sprintf */
    sprintf(line, "%-20s|", user);
    /* ok: c.sprintf */
    snprintf(line, sizeof line, "user=%s id=%d", user, id);
    /* ok: c.sprintf */
    vsnprintf(line, sizeof line, fmt, ap);
    /* ok: c.sprintf */
    sprintf(line, "/var/run/%d.pid", id);
    /* ok: c.sprintf */
    sprintf(line, "%.32s", user);
    /* ok: c.sprintf */
    sprintf(line, "100%%s done %d", id);
}
