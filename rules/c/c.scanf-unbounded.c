/* Fixture for c.scanf-unbounded. */
#include <stdio.h>

int read_user(FILE *in, const char *line) {
    char name[64];
    char city[32];
    int age;
    /* ruleid: c.scanf-unbounded */
    scanf("%s", name);
    /* ruleid: c.scanf-unbounded */
    if (fscanf(in, "%d %s", &age, name) != 2) return -1;
    /* ruleid: c.scanf-unbounded */
    sscanf(line, "%[^,],%31s", city, name);
    /* ruleid: c.scanf-unbounded */
    while (scanf(" %s", name) == 1) count++;
    /* ok: c.scanf-unbounded */
    scanf("%63s", name);
    /* ok: c.scanf-unbounded */
    fscanf(in, "%d %63s", &age, name);
    /* ok: c.scanf-unbounded */
    sscanf(line, "%31[^,],%*s", city);
    /* ok: c.scanf-unbounded */
    printf("%s is %d\n", name, age);
    /* ok: c.scanf-unbounded */
    sscanf(line, "100%%s %d", &age);
    return 0;
}
