/* Fixture for c.gets. */
#include <stdio.h>
#include <string.h>

int read_name(void) {
    char name[32];
    char line[128];
    /* ruleid: c.gets */
    gets(name);
    /* ruleid: c.gets */
    if (gets(line) == NULL) return -1;
    /* ruleid: c.gets */
    while (gets(line)) puts(line);
    /* ok: c.gets */
    fgets(name, sizeof name, stdin);
    /* ok: c.gets */
    getline(&buf, &size, stdin);
    /* ok: c.gets */
    my_gets(name, sizeof name);
    /* ok: c.gets */
    /* gets(name) used to be here */
    /* ok: c.gets */
    puts("never call gets(name)");
    return 0;
}
