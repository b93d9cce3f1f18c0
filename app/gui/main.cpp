// mbw: the workbench window. Parses the command line, shows the window, carries out the options.

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include "command_line.h"
#include "main_window.h"
#include "scripted_session.h"
#include "workbench_icons.h"

int main(int argc, char** argv) {
  QElapsedTimer sinceStart;  // time to the first frame, in the scripted report
  sinceStart.start();
  // VTK 9.1 loads OpenGL through GLEW built for GLX: any OpenGL Qt does must be GLX too
  if (qEnvironmentVariableIsEmpty("QT_XCB_GL_INTEGRATION")) qputenv("QT_XCB_GL_INTEGRATION", "xcb_glx");
  QApplication app(argc, argv);
  QApplication::setOrganizationName("mbw");
  QApplication::setApplicationName("Multibody Workbench");
  QApplication::setApplicationVersion(MBW_VERSION);
  QApplication::setWindowIcon(mbw::resources::applicationIcon());
  QGuiApplication::setDesktopFileName(MBW_APP_ID);  // the desktop entry: icon and name in the shell

  int exitCode = 0;
  const auto commandLine = mbw::gui::parseCommandLine(QApplication::arguments(), &exitCode);
  if (!commandLine) return exitCode;

  mbw::gui::MainWindow window;
  if (commandLine->scripted()) window.resize(commandLine->size);
  else window.restoreSettings();
  window.show();
  auto* session = new mbw::gui::ScriptedSession(window, *commandLine, sinceStart);
  QObject::connect(session, &mbw::gui::ScriptedSession::finished, &app, &QApplication::exit);
  QTimer::singleShot(0, session, &mbw::gui::ScriptedSession::start);
  return QApplication::exec();
}
