/* Fixture for c.strcpy. */
#include <stdio.h>
#include <string.h>

void greet(const char *user, const char *suffix, int id) {
    char buf[64];
    char path[PATH_MAX];
    /* ruleid: c.strcpy */
    strcpy(buf, user);
    /* ruleid: c.strcpy */
    strcpy(path, getenv("HOME"));
    /* ruleid: c.strcpy */
    wcscpy(wbuf, wname);
    /* ruleid: c.strcpy */
    if (user) strcpy(buf, user + 1);
    /* ok: c.strcpy */
    strncpy(buf, user, sizeof buf - 1);
    /* ok: c.strcpy */
    snprintf(path, sizeof path, "/home/%s", user);
    /* ok: c.strcpy */
    strcpy(buf, "anonymous");
    /* ok: c.strcpy */
    strlcpy(buf, user, sizeof buf);
    /* ok: c.strcpy */
    /* strcpy(buf, user) overflowed */
    /* ok: c.strcpy */
    puts("strcpy(buf, user) is banned");
}
