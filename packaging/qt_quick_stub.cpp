// A stand-in for Qt Quick (libQt6Quick.so.6) in the Linux desktop bundle:
// packaging/qt_quick_stub.py builds it (and an empty libQt6Qml.so.6) at bundle
// time, and docs/performance.md (Bundle) says why.
//
// Qt Multimedia's FFmpeg plugin (the camera's and the video's frames) links Qt
// Quick and QML, about 16 MB with the QML libraries they pull in, for two
// symbols of Qt Quick and none of QML: it looks for a Qt Quick window among the
// application's windows, to grab it, when a window or the screen is captured
// (QWindowCapture, QScreenCapture, which this program never uses). Both uses
// are:
//
//   - QQuickWindow::staticMetaObject, only ever passed to QMetaObject::cast
//     (qobject_cast<QQuickWindow *>), which compares its address with the
//     addresses in a window's own chain of meta-objects and never reads it. No
//     window of this program is a Qt Quick window (there is no Qt Quick in the
//     bundle to make one), so the cast is always null, as it is with real Qt
//     Quick in a program without Qt Quick windows;
//   - QQuickWindow::grabWindow(), called only on a window that cast found: never.
//     Should it be called, it says so and aborts rather than return a wrong
//     picture.
//
// The symbols carry Qt's version node (Qt_6), as the plugin asks for them.

#include <stdio.h>
#include <stdlib.h>

class QQuickWindow {
public:
    void grabWindow();  // QImage grabWindow() in Qt: the name is the same (no return type in it)
    static const unsigned char staticMetaObject[64];  // only its address is used
};

alignas(16) const unsigned char QQuickWindow::staticMetaObject[64] = {};

void QQuickWindow::grabWindow()
{
    fputs("tabletop_gui: QQuickWindow::grabWindow() was called, but this bundle carries a "
          "stand-in for Qt Quick (docs/performance.md, Bundle)\n",
          stderr);
    abort();
}
