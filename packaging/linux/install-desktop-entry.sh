#!/usr/bin/env bash
# Add tabletop_gui to the desktop's application menu, for this user only:
#   ./install-desktop-entry.sh            (run it from the unpacked bundle folder)
#   ./install-desktop-entry.sh --remove   (take it out again)
# It writes ~/.local/share/applications/tabletop-gui.desktop (pointing at this
# folder's tabletop-gui) and the icon under ~/.local/share/icons. Nothing else.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$data/applications/tabletop-gui.desktop"
icon="$data/icons/hicolor/256x256/apps/tabletop-gui.png"
if [[ "${1:-}" == "--remove" ]]; then
    rm -f "$entry" "$icon"
    echo "removed $entry and $icon"
    exit 0
fi
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/tabletop-gui.png" "$icon"
sed -e "s|^Exec=tabletop-gui |Exec=\"$here/tabletop-gui\" |" "$here/tabletop-gui.desktop" > "$entry"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
echo "added $entry (runs $here/tabletop-gui)"
