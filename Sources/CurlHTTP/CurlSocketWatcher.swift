#if os(Linux)
import CCurl
import DurationUnits
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// Drives libcurl's socket interface (`curl_multi_socket_action`) with epoll, for the
/// event-loop thread.
///
/// libcurl says through two callbacks which sockets to watch and when its next timeout is;
/// the watcher keeps them in an epoll set and a deadline, waits for whichever comes first, and
/// tells libcurl exactly which sockets are ready. `curl_multi_perform` instead looks at every
/// transfer on every call (a `poll` per connection), which grows with the number of requests
/// in flight. Other threads wake the wait through an eventfd.
///
/// Used only on the event-loop thread, except ``wake()``, which writes the eventfd and must
/// be called only while the descriptors are open (the loop's queue lock guarantees it).
final class CurlSocketWatcher {
    private struct Registration {
        /// The events the socket is registered for in the epoll set; 0 when it is not in it.
        var events: UInt32 = 0
        /// Whether libcurl wants them; an unwanted socket stays in the set until it fires.
        var wanted = false
    }

    private let epoll: Int32
    private let wakeDescriptor: Int32
    /// What the epoll set holds for each socket, indexed by descriptor.
    private var registrations: [Registration] = []
    /// When libcurl wants `CURL_SOCKET_TIMEOUT` handled; nil when it has no timer.
    private var timerDeadline: ContinuousClock.Instant?
    private var events = [epoll_event](repeating: epoll_event(), count: 128)

    /// A watcher with its epoll set and eventfd, or nil when the system refuses them.
    init?() {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        let wake = salvo_eventfd()
        guard epoll >= 0, wake >= 0 else {
            if epoll >= 0 { Glibc.close(epoll) }
            if wake >= 0 { Glibc.close(wake) }
            return nil
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wake
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, wake, &event) == 0 else {
            Glibc.close(epoll)
            Glibc.close(wake)
            return nil
        }
        self.epoll = epoll
        wakeDescriptor = wake
    }

    /// Closes the descriptors; call after the multi handle is cleaned up.
    func close() {
        Glibc.close(epoll)
        Glibc.close(wakeDescriptor)
    }

    /// Registers the callbacks on `multi`; the watcher must outlive the multi handle.
    func attach(to multi: UnsafeMutableRawPointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = salvo_curl_multi_setopt_socket_callback(multi, watchCurlSocket)
        _ = salvo_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        _ = salvo_curl_multi_setopt_timer_callback(multi, setCurlTimer)
        _ = salvo_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
    }

    /// Sets `easy` to close its sockets through the watcher (see ``watch(_:what:)``); call
    /// for every easy handle of the multi handle the watcher is attached to.
    func configure(_ easy: UnsafeMutableRawPointer) {
        _ = salvo_curl_easy_setopt_closesocket_callback(easy, closeCurlSocket)
        _ = salvo_curl_easy_setopt_pointer(easy, CURLOPT_CLOSESOCKETDATA, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Ends a current or the next wait at once. Any thread, while the descriptors are open.
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    /// Waits until a watched socket is ready, libcurl's timer is due, ``wake()`` is called or
    /// `limit` milliseconds pass (0: do not wait), then has libcurl act on what happened.
    func waitAndAct(on multi: UnsafeMutableRawPointer, limit: Int32) {
        var timeout = limit
        if let timerDeadline {
            let remaining = ContinuousClock.now.duration(to: timerDeadline).wholeNanoseconds
            // Round up, so a timer is never handled a little early and then waited for again.
            timeout = min(timeout, Int32(clamping: (remaining + 999_999) / 1_000_000))
        }
        let count = events.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), timeout)
        }
        var running: Int32 = 0
        if count > 0 {
            for index in 0..<Int(count) {
                let event = events[index]
                let descriptor = event.data.fd
                if descriptor == wakeDescriptor {
                    var value: UInt64 = 0
                    _ = read(wakeDescriptor, &value, 8)
                    continue
                }
                guard isWanted(descriptor) else { continue }
                var bits: Int32 = 0
                if event.events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLRDHUP.rawValue) != 0 { bits |= CURL_CSELECT_IN }
                if event.events & EPOLLOUT.rawValue != 0 { bits |= CURL_CSELECT_OUT }
                if event.events & EPOLLERR.rawValue != 0 { bits |= CURL_CSELECT_ERR }
                curl_multi_socket_action(multi, descriptor, bits, &running)
            }
        }
        // The timer is due, or a whole safety period passed in silence: then let libcurl look
        // at its timeouts anyway, so a timer it did not re-announce cannot stall a transfer.
        if timerDeadline.map({ $0 <= .now }) == true {
            timerDeadline = nil
            curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running)
        } else if count == 0, limit > 0, timeout == limit {
            curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running)
        }
    }

    /// `CURLMOPT_SOCKETFUNCTION`: watch `socket` for `what`, or stop watching it.
    ///
    /// Stopping is lazy. libcurl stops watching a kept-alive connection after every reply and
    /// watches it again for the next request, usually for the same events: the socket stays in
    /// the epoll set, marked unwanted, and the next watch with the same events costs no system
    /// call. An unwanted socket that becomes ready (the server closed it, say) is taken out of
    /// the set then, once. libcurl closes sockets through ``closeSocket(_:)``, which forgets
    /// them, so a new socket that reuses the number is never taken for a registered one.
    fileprivate func watch(_ socket: Int32, what: Int32) {
        guard socket >= 0 else { return }
        if what == CURL_POLL_REMOVE {
            if Int(socket) < registrations.count { registrations[Int(socket)].wanted = false }
            return
        }
        var events: UInt32 = 0
        if what & CURL_POLL_IN != 0 { events |= EPOLLIN.rawValue | EPOLLRDHUP.rawValue }
        if what & CURL_POLL_OUT != 0 { events |= EPOLLOUT.rawValue }
        if Int(socket) >= registrations.count {
            registrations.append(contentsOf: repeatElement(Registration(), count: Int(socket) + 1 - registrations.count))
        }
        let registered = registrations[Int(socket)].events
        registrations[Int(socket)] = Registration(events: events, wanted: true)
        guard registered != events else { return }
        var event = epoll_event()
        event.events = events
        event.data.fd = socket
        if registered != 0 {
            if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) != 0, errno == ENOENT {
                _ = epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event)
            }
        } else if epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) != 0, errno == EEXIST {
            _ = epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
        }
    }

    /// Whether libcurl wants events of `socket`; if not, it leaves the epoll set (see
    /// ``watch(_:what:)``) and the caller must not pass its events on.
    private func isWanted(_ socket: Int32) -> Bool {
        guard Int(socket) < registrations.count else { return false }
        if registrations[Int(socket)].wanted { return true }
        if registrations[Int(socket)].events != 0 {
            var event = epoll_event()
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, socket, &event)
            registrations[Int(socket)] = Registration()
        }
        return false
    }

    /// `CURLOPT_CLOSESOCKETFUNCTION`: libcurl is done with `socket`. Closing it takes it out
    /// of the epoll set too.
    fileprivate func closeSocket(_ socket: Int32) -> Int32 {
        if socket >= 0, Int(socket) < registrations.count { registrations[Int(socket)] = Registration() }
        return Glibc.close(socket)
    }

    /// `CURLMOPT_TIMERFUNCTION`: libcurl's single timer, -1 to cancel it.
    fileprivate func setTimer(milliseconds: Int) {
        timerDeadline = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
    }
}

private func watchCurlSocket(
    _ easy: UnsafeMutableRawPointer?, _ socket: curl_socket_t, _ what: Int32, _ context: UnsafeMutableRawPointer?,
    _ socketContext: UnsafeMutableRawPointer?
) -> Int32 {
    guard let context else { return -1 }
    Unmanaged<CurlSocketWatcher>.fromOpaque(context).takeUnretainedValue().watch(socket, what: what)
    return 0
}

private func closeCurlSocket(_ context: UnsafeMutableRawPointer?, _ socket: curl_socket_t) -> Int32 {
    guard let context else { return Glibc.close(socket) }
    return Unmanaged<CurlSocketWatcher>.fromOpaque(context).takeUnretainedValue().closeSocket(socket)
}

private func setCurlTimer(_ multi: UnsafeMutableRawPointer?, _ milliseconds: Int, _ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let context else { return -1 }
    Unmanaged<CurlSocketWatcher>.fromOpaque(context).takeUnretainedValue().setTimer(milliseconds: milliseconds)
    return 0
}
#endif
