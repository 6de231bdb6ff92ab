/*
 * A minimal native adapter for `npm run bench`: it admits nothing. A canonical
 * observe of a well-formed binding of its authority answers `unknown` (missing);
 * everything else is refused with a nonzero exit. It measures what the suite
 * costs per call when the adapter itself costs almost nothing.
 * Usage: native-adapter AUTHORITY (submit|observe) < request
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REQUEST (4 * 1024 * 1024)

static char request[MAX_REQUEST + 1];

/* Reads a quoted value up to the next '"' whose characters all satisfy `ok`; returns its end or NULL. */
static const char *field(const char *at, const char *prefix, int (*ok)(int), const char **start, size_t *length) {
  size_t prefixLength = strlen(prefix);
  if (strncmp(at, prefix, prefixLength) != 0) return NULL;
  at += prefixLength;
  *start = at;
  while (*at != '"' && *at != '\0') {
    if (!ok((unsigned char)*at)) return NULL;
    at++;
  }
  *length = (size_t)(at - *start);
  return *at == '"' ? at : NULL;
}

static int identityChar(int c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == ':' || c == '-';
}

static int digestChar(int c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == ':'; /* digest() checks the exact form */
}

static int identity(const char *start, size_t length) {
  return length >= 1 && length <= 160 && start[0] != '.' && start[0] != '_' && start[0] != ':' && start[0] != '-';
}

static int digest(const char *start, size_t length) {
  if (length != 71 || strncmp(start, "sha256:", 7) != 0) return 0;
  for (size_t i = 7; i < length; i++) {
    char c = start[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) return 64;
  const char *authority = argv[1];
  size_t size = 0;
  size_t got;
  while ((got = fread(request + size, 1, MAX_REQUEST - size, stdin)) > 0) {
    size += got;
    if (size == MAX_REQUEST) return 2; /* over every request bound: refuse */
  }
  request[size] = '\0';
  if (strcmp(argv[2], "observe") != 0) return 1; /* admits nothing: every submit is refused */

  const char *a, *o, *d;
  size_t al, ol, dl;
  const char *at = field(request, "{\"action\":\"observe\",\"binding\":{\"authorityId\":\"", identityChar, &a, &al);
  if (at == NULL) return 2;
  at = field(at, "\",\"operationId\":\"", identityChar, &o, &ol);
  if (at == NULL) return 2;
  at = field(at, "\",\"requestDigest\":\"", digestChar, &d, &dl);
  if (at == NULL) return 2;
  if (strcmp(at, "\"},\"contract\":\"algal.coding-operation-request.v1\"}") != 0) return 2;
  if (!identity(a, al) || !identity(o, ol) || !digest(d, dl)) return 2;
  if (al != strlen(authority) || strncmp(a, authority, al) != 0) return 2;

  printf("{\"authorityId\":\"%.*s\",\"contract\":\"algal.coding-operation.v1\",\"operationId\":\"%.*s\",\"reason\":\"missing\","
         "\"requestDigest\":\"%.*s\",\"revision\":0,\"state\":\"unknown\"}\n",
         (int)al, a, (int)ol, o, (int)dl, d);
  return 0;
}
