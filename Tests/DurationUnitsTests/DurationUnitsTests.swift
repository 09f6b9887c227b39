import DurationUnits
import Testing

@Suite("Duration units")
struct DurationUnitsTests {
    @Test("seconds and milliseconds keep fractions and sign")
    func fractional() {
        #expect(Duration.milliseconds(1_500).seconds == 1.5)
        #expect(Duration.microseconds(250).milliseconds == 0.25)
        #expect(Duration.milliseconds(-250).seconds == -0.25)
        #expect((Duration.seconds(-2) - .milliseconds(500)).milliseconds == -2_500)
        #expect(Duration.seconds(3_600).milliseconds == 3_600_000)
    }

    @Test("whole units round toward zero, from the attoseconds up")
    func whole() {
        let justUnder = Duration(secondsComponent: 1, attosecondsComponent: 999_999_999_999_999_999)
        #expect(justUnder.wholeNanoseconds == 1_999_999_999)
        #expect(justUnder.wholeMicroseconds == 1_999_999)
        #expect(justUnder.wholeMilliseconds == 1_999)
        #expect(Duration(secondsComponent: 0, attosecondsComponent: 999_999_999).wholeNanoseconds == 0)
        #expect(Duration.seconds(86_400 * 365 * 100).wholeNanoseconds == 3_153_600_000_000_000_000)
    }

    @Test("whole units of a negative duration are 0, never a wrapped-around huge number")
    func negativeIsZero() {
        #expect(Duration.nanoseconds(-1).wholeNanoseconds == 0)
        #expect(Duration.milliseconds(-1_500).wholeMicroseconds == 0)
        #expect(Duration.seconds(-1).wholeMilliseconds == 0)
        #expect(Duration.zero.wholeNanoseconds == 0)
    }
}
