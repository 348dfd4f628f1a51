x = fine
