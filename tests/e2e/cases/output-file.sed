s|^-- .*/out\.txt:$|-- FILE:|
