import BattleshipServer
import SalvoTestSupport

/// The embedded server the runner's tests play on, stopped with ``withRunning(_:isolation:_:)``.
extension RunningServer: Stoppable {}
