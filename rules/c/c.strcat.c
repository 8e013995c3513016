/* Fixture for c.strcat. */
#include <string.h>

void build_path(const char *dir, const char *name, const wchar_t *wname) {
    char path[256] = "";
    wchar_t wpath[256] = L"";
    /* ruleid: c.strcat */
    strcat(path, dir);
    /* ruleid: c.strcat */
    strcat(path, name);
    /* ruleid: c.strcat */
    wcscat(wpath, wname);
    /* ruleid: c.strcat */
    for (int i = 0; i < n; i++) strcat(path, parts[i]);
    /* ok: c.strcat */
    strncat(path, name, sizeof path - strlen(path) - 1);
    /* ok: c.strcat */
    strlcat(path, name, sizeof path);
    /* ok: c.strcat */
    strcat(path, "/");
    /* ok: c.strcat */
    snprintf(path + len, sizeof path - len, "%s", name);
    /* ok: c.strcat */
    /* strcat(path, name) was unbounded */
}
