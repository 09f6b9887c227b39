// libcurl's own floor, in plain C: N keep-alive GETs in flight on one thread through the
// multi socket interface over epoll, the easy handles set up once and re-added without a
// reset, sockets never taken out of the epoll set (as Salvo's CurlSocketWatcher does).
// No Swift, no parsing, the body thrown away: what any libcurl client pays per request.
// Build: gcc -O2 -o curl-floor benchmarks/curl-floor.c -lcurl
// Usage: curl-floor URL CONNECTIONS SECONDS   (prints requests/s and CPU us per request)
#include <curl/curl.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int ep; static long timeout_ms = -1; static long done = 0;
static size_t sink(char *p, size_t s, size_t n, void *u) { (void)p; (void)u; return s * n; }
static int sockcb(CURL *e, curl_socket_t s, int what, void *u, void *sp) {
  (void)e; (void)u;
  struct epoll_event ev = {0}; ev.data.fd = s;
  if (what == CURL_POLL_REMOVE) return 0;  // stays registered; a keep-alive socket is quiet
  ev.events = (what & CURL_POLL_IN ? EPOLLIN : 0) | (what & CURL_POLL_OUT ? EPOLLOUT : 0);
  if (epoll_ctl(ep, EPOLL_CTL_MOD, s, &ev) != 0) epoll_ctl(ep, EPOLL_CTL_ADD, s, &ev);
  (void)sp; return 0;
}
static int timercb(CURLM *m, long t, void *u) { (void)m; (void)u; timeout_ms = t; return 0; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static double cpu(void) { struct rusage r; getrusage(RUSAGE_SELF, &r);
  return r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6 + r.ru_stime.tv_sec + r.ru_stime.tv_usec / 1e6; }

int main(int argc, char **argv) {
  const char *url = argv[1]; int conns = atoi(argv[2]); double secs = atof(argv[3]);
  curl_global_init(CURL_GLOBAL_ALL); ep = epoll_create1(0);
  CURLM *m = curl_multi_init();
  curl_multi_setopt(m, CURLMOPT_SOCKETFUNCTION, sockcb);
  curl_multi_setopt(m, CURLMOPT_TIMERFUNCTION, timercb);
  for (int i = 0; i < conns; i++) {
    CURL *e = curl_easy_init();
    curl_easy_setopt(e, CURLOPT_URL, url);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, sink);
    curl_easy_setopt(e, CURLOPT_PROXY, ""); curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L); curl_easy_setopt(e, CURLOPT_TCP_NODELAY, 1L);
    curl_multi_add_handle(m, e);
  }
  double start = now(), c0 = cpu(); int running = 0;
  curl_multi_socket_action(m, CURL_SOCKET_TIMEOUT, 0, &running);
  struct epoll_event evs[64];
  while (now() - start < secs) {
    int n = epoll_wait(ep, evs, 64, timeout_ms < 0 ? 100 : (int)timeout_ms);
    if (n == 0) curl_multi_socket_action(m, CURL_SOCKET_TIMEOUT, 0, &running);
    for (int i = 0; i < n; i++) {
      int f = (evs[i].events & EPOLLIN ? CURL_CSELECT_IN : 0) | (evs[i].events & EPOLLOUT ? CURL_CSELECT_OUT : 0);
      curl_multi_socket_action(m, evs[i].data.fd, f, &running);
    }
    CURLMsg *msg; int left;
    while ((msg = curl_multi_info_read(m, &left))) {
      if (msg->msg == CURLMSG_DONE) { CURL *e = msg->easy_handle; done++;
        curl_multi_remove_handle(m, e); curl_multi_add_handle(m, e); }
    }
  }
  double el = now() - start, c = cpu() - c0;
  printf("curl-floor %.0f requests/s %.1f us/request\n", done / el, c / done * 1e6);
  return 0;
}
