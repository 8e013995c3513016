/* Fixture for c.strcpy. */
#include <stdio.h>
#include <string.h>

void greet(const char *user, const char *suffix, int id) {
    char buf[64];
    char path[PATH_MAX];
    /* ruleid: c.strcpy */
    strcpy(buf, user);
    /* ruleid: c.strcpy */
    strcat(buf, suffix);
    /* ruleid: c.strcpy */
    sprintf(path, fmt, user);
    /* ruleid: c.strcpy */
    strcpy(path, getenv("HOME"));
    /* ruleid: c.strcpy */
    sprintf(path, "/home/%s/.config", user);
    /* ok: c.strcpy */
    strncpy(buf, user, sizeof buf - 1);
    /* ok: c.strcpy */
    snprintf(path, sizeof path, "/home/%s", user);
    /* ok: c.strcpy */
    strcpy(buf, "anonymous");
    /* ok: c.strcpy */
    sprintf(path, "/var/run/%d.pid", id);
    /* ok: c.strcpy */
    /* strcpy(buf, user) overflowed */
    /* ok: c.strcpy */
    puts("strcpy(buf, user) is banned");
}
