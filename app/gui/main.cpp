// mbw: the workbench window. Parses the command line (help and version without a display),
// shows the window, carries out the options; the session is saved once the window has gone.

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include "command_line.h"
#include "main_window.h"
#include "scripted_session.h"
#include "session_actions.h"
#include "workbench_icons.h"

namespace {

// the names the settings and the desktop know the program by
void nameApplication() {
  QCoreApplication::setOrganizationName("mbw");
  QCoreApplication::setApplicationName("Multibody Workbench");
  QCoreApplication::setApplicationVersion(MBW_VERSION);
}

// --help and --version print without a display: they are answered before the GUI starts
bool onlyPrints(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const QByteArray a(argv[k]);
    if (a == "--help" || a == "-h" || a == "-?" || a == "--help-all" || a == "--version" ||
        a == "-v")
      return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  QElapsedTimer sinceStart;  // time to the first frame, in the scripted report
  sinceStart.start();
  // help and version answered without a window
  if (onlyPrints(argc, argv)) {
    // a core application only, for the parser's texts
    QCoreApplication app(argc, argv);
    nameApplication();
    int exitCode = 0;
    mbw::gui::parseCommandLine(QCoreApplication::arguments(), &exitCode);
    return exitCode;
  }
  // VTK 9.1 loads OpenGL through GLEW built for GLX: any OpenGL Qt does must be GLX too
  if (qEnvironmentVariableIsEmpty("QT_XCB_GL_INTEGRATION"))
    qputenv("QT_XCB_GL_INTEGRATION", "xcb_glx");
  // the application, its icon and desktop entry
  QApplication app(argc, argv);
  nameApplication();
  QApplication::setWindowIcon(mbw::resources::applicationIcon());
  QGuiApplication::setDesktopFileName(MBW_APP_ID);  // the desktop entry: icon and name in the shell

  // a bad command line ends here with its exit status
  int exitCode = 0;
  const auto commandLine = mbw::gui::parseCommandLine(QApplication::arguments(), &exitCode);
  if (!commandLine) return exitCode;

  // the window at the screenshot's size, or as the user left it
  mbw::gui::MainWindow window;
  if (commandLine->scripted())
    window.resize(commandLine->size);
  else
    window.restoreSettings();
  window.show();
  // the command line carried out once the event loop runs; its end ends the program
  auto* session = new mbw::gui::ScriptedSession(window, *commandLine, sinceStart);
  QObject::connect(session, &mbw::gui::ScriptedSession::finished, &app, &QApplication::exit);
  QTimer::singleShot(0, session, &mbw::gui::ScriptedSession::start);
  const int status = QApplication::exec();
  // the window has gone: the session is written without holding up the close
  window.sessions().saveLast();
  return status;
}
