from chickenfoot.cli import main

main()
