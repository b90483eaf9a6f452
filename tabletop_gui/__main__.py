from tabletop_gui.cli import main

raise SystemExit(main())
