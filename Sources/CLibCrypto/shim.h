#ifndef SALVO_CLIBCRYPTO_SHIM_H
#define SALVO_CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto for Swift: SHA-256 through the EVP digest interface and one-shot
// HMAC, the two primitives Salvo needs (Sources/Digests). libcurl already links the same
// library, so this adds no package to a machine that runs Salvo.

#include <openssl/evp.h>
#include <openssl/hmac.h>

#endif
