#ifndef SALVO_CCURL_SHIM_H
#define SALVO_CCURL_SHIM_H

// libcurl for Swift. curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic
// C functions, which Swift cannot call; these static inline wrappers give each argument
// type its own non-variadic entry point.

#include <curl/curl.h>

#ifdef __linux__
// The event loop waits with epoll and is woken through an eventfd (CurlSocketWatcher).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

static inline int salvo_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}
#endif

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*salvo_curl_write_callback)(char *data, size_t size, size_t count, void *user);

static inline CURLcode salvo_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode salvo_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode salvo_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode salvo_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode salvo_curl_easy_setopt_write_callback(CURL *handle, CURLoption option, salvo_curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode salvo_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode salvo_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode salvo_curl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode salvo_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode salvo_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode salvo_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode salvo_curl_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}

/// The signature of CURLMOPT_SOCKETFUNCTION.
typedef int (*salvo_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *user, void *socketUser);
/// The signature of CURLMOPT_TIMERFUNCTION.
typedef int (*salvo_curl_timer_callback)(CURLM *multi, long timeoutMilliseconds, void *user);

static inline CURLMcode salvo_curl_multi_setopt_socket_callback(CURLM *handle, salvo_curl_socket_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode salvo_curl_multi_setopt_timer_callback(CURLM *handle, salvo_curl_timer_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, value);
}

/// The signature of CURLOPT_CLOSESOCKETFUNCTION.
typedef int (*salvo_curl_closesocket_callback)(void *user, curl_socket_t socket);

static inline CURLcode salvo_curl_easy_setopt_closesocket_callback(CURL *handle, salvo_curl_closesocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_CLOSESOCKETFUNCTION, value);
}

/// The CURLcode of a finished transfer from a CURLMSG_DONE message (a union member in C).
static inline CURLcode salvo_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
